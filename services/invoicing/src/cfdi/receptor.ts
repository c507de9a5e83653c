/**
 * Who the invoice is made out to: the guardian, when their fiscal data is complete and
 * well formed, else "público en general". Facts: mexico.md §1.4, §2.2, §6 item 3; the
 * choice between a nominative and a global público-en-general CFDI: ADR 0101.
 */
import { parseRfc, type RfcKind } from '@cuota/contracts/invoicing/rfc';
import { cfdiText } from './cfdi-text.ts';
import type { ReceptorInput } from './invoice-input.ts';
import { isRegimenFiscal, regimenAppliesTo, type RegimenFiscal } from './sat-catalogs.ts';

export const RFC_PUBLICO_EN_GENERAL = 'XAXX010101000';
export const NOMBRE_PUBLICO_EN_GENERAL = 'PUBLICO EN GENERAL';
export const REGIMEN_SIN_OBLIGACIONES = '616';

export type ResolvedReceptor =
  | {
      kind: 'nominativo';
      rfc: string;
      rfcKind: RfcKind;
      name: string;
      postalCode: string;
      regimen: RegimenFiscal;
      requestedUso: string | null;
    }
  | {
      kind: 'publico-en-general';
      /**
       * The family's name when known: SAT admits a nominative CFDI with the generic RFC.
       * Without a name the CFDI says PUBLICO EN GENERAL, which SAT treats as a global
       * invoice (InformacionGlobal required).
       */
      name: string | null;
      /** Why the guardian's data was not used, for staff and the guardian (es-MX). */
      reason: string;
    };

export function resolveReceptor(input: ReceptorInput | null | undefined): ResolvedReceptor {
  const name = input?.name ? cfdiText(input.name, 300) : '';
  const publico = (reason: string): ResolvedReceptor => ({
    kind: 'publico-en-general',
    name: name && name.toUpperCase() !== NOMBRE_PUBLICO_EN_GENERAL ? name : null,
    reason,
  });
  if (!input?.rfc) return publico('No hay RFC registrado.');
  const parsed = parseRfc(input.rfc);
  if (!parsed || parsed.generic) return publico(`El RFC ${input.rfc.trim()} no es válido.`);
  if (!name) return publico('Falta el nombre o razón social como aparece en la constancia.');
  const postalCode = input.postalCode?.trim() ?? '';
  if (!/^\d{5}$/.test(postalCode)) {
    return publico('Falta el código postal del domicilio fiscal (5 dígitos).');
  }
  const regimen = input.regimenFiscal?.trim() ?? '';
  if (!isRegimenFiscal(regimen)) return publico('Falta el régimen fiscal o no es válido.');
  if (!regimenAppliesTo(regimen, parsed.kind)) {
    const person = parsed.kind === 'fisica' ? 'una persona física' : 'una persona moral';
    return publico(`El régimen fiscal ${regimen} no corresponde a ${person}.`);
  }
  return {
    kind: 'nominativo',
    rfc: parsed.rfc,
    rfcKind: parsed.kind,
    name,
    postalCode,
    regimen,
    requestedUso: input.usoCfdi?.trim().toUpperCase() || null,
  };
}
