/**
 * A family's fiscal data, checked the way a CFDI's receptor will be (mexico.md §1 RFC, §2.11
 * c_RegimenFiscal and c_UsoCFDI; receptor.ts uses the same catalogs), each problem said in
 * Spanish beside its field. Pure. Only SAT, through the PAC, knows whether the RFC is
 * registered with this name, régimen and postal code (spec §5's postal-code message).
 */
import type { BillingField } from '@cuota/contracts/invoicing/billing-validation';
import { parseRfc, type ParsedRfc } from '@cuota/contracts/invoicing/rfc';
import { NOMBRE_PUBLICO_EN_GENERAL } from '../cfdi/receptor';
import {
  REGIMENES_FISCALES,
  USOS_CFDI,
  isRegimenFiscal,
  isUsoCfdi,
  regimenAppliesTo,
  usoAllowedFor,
  type RegimenFiscal,
} from '../cfdi/sat-catalogs';

export type BillingData = Partial<Record<BillingField, string | null>>;
type Messages = Partial<Record<BillingField, string>>;

export interface BillingCheck {
  valid: boolean;
  errors: Messages;
  warnings: Messages;
  cfdiUses: { code: string; description: string }[];
}

const NAME_MAX = 300;
const PERSON = { fisica: 'persona física', moral: 'persona moral' } as const;

export const BILLING_MESSAGES = {
  nameMissing:
    'Escribe tu nombre o razón social tal como aparece en tu constancia de situación fiscal.',
  nameTooLong: `El nombre o razón social admite hasta ${NAME_MAX} caracteres.`,
  nameGeneric: 'Escribe tu propio nombre o razón social, no «PÚBLICO EN GENERAL».',
  rfcMissing: 'Escribe tu RFC.',
  rfcShape:
    'El RFC no es válido: son 4 letras (persona física) o 3 (persona moral), la fecha como ' +
    'AAMMDD y 3 caracteres de homoclave, p. ej. COSC8001137NA.',
  rfcGeneric: 'Ese es el RFC genérico del SAT; escribe el tuyo.',
  checkDigit:
    'El último carácter del RFC (dígito verificador) no coincide: revisa que esté escrito ' +
    'como en tu constancia de situación fiscal.',
  regimeMissing: 'Elige tu régimen fiscal.',
  zipMissing: 'Escribe el código postal de tu domicilio fiscal.',
  zipShape: 'El código postal debe tener 5 dígitos.',
} as const;

const blank = (value: string | null | undefined) => !value?.trim();

export function checkBillingData(data: BillingData): BillingCheck {
  const errors: Messages = {};
  const warnings: Messages = {};
  const name = checkName(data.billing_name);
  if (name) errors.billing_name = name;
  const rfc = checkRfc(data.tax_id, errors, warnings);
  const regimen = checkRegimen(data.tax_regime, rfc, errors);
  const zip = data.tax_zip_code?.trim() ?? '';
  if (!zip) errors.tax_zip_code = BILLING_MESSAGES.zipMissing;
  else if (!/^\d{5}$/.test(zip)) errors.tax_zip_code = BILLING_MESSAGES.zipShape;
  const uses = rfc && regimen ? usesFor(rfc, regimen) : [];
  const use = data.cfdi_use?.trim().toUpperCase();
  if (use) {
    const problem = checkUse(use, rfc, regimen);
    if (problem) errors.cfdi_use = problem;
  }
  return { valid: Object.keys(errors).length === 0, errors, warnings, cfdiUses: uses };
}

function checkName(value: string | null | undefined): string | null {
  if (blank(value)) return BILLING_MESSAGES.nameMissing;
  const name = value!.trim();
  if (name.length > NAME_MAX) return BILLING_MESSAGES.nameTooLong;
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  return plain === NOMBRE_PUBLICO_EN_GENERAL ? BILLING_MESSAGES.nameGeneric : null;
}

function checkRfc(
  value: string | null | undefined,
  errors: Messages,
  warnings: Messages,
): ParsedRfc | null {
  if (blank(value)) {
    errors.tax_id = BILLING_MESSAGES.rfcMissing;
    return null;
  }
  const parsed = parseRfc(value!);
  if (!parsed) errors.tax_id = BILLING_MESSAGES.rfcShape;
  else if (parsed.generic) errors.tax_id = BILLING_MESSAGES.rfcGeneric;
  else if (!parsed.checkDigitMatches) warnings.tax_id = BILLING_MESSAGES.checkDigit;
  return parsed && !parsed.generic ? parsed : null;
}

function checkRegimen(
  value: string | null | undefined,
  rfc: ParsedRfc | null,
  errors: Messages,
): RegimenFiscal | null {
  const code = value?.trim() ?? '';
  if (!code) {
    errors.tax_regime = BILLING_MESSAGES.regimeMissing;
    return null;
  }
  if (!isRegimenFiscal(code)) {
    errors.tax_regime = `El régimen fiscal ${code} no está en el catálogo del SAT.`;
    return null;
  }
  if (rfc && !regimenAppliesTo(code, rfc.kind)) {
    errors.tax_regime =
      `Tu RFC es de ${PERSON[rfc.kind]} y el régimen ${code} ` +
      `«${REGIMENES_FISCALES[code].description}» no le corresponde.`;
    return null;
  }
  return code;
}

function checkUse(
  use: string,
  rfc: ParsedRfc | null,
  regimen: RegimenFiscal | null,
): string | null {
  if (!isUsoCfdi(use)) return `La escuela no emite facturas con el uso del CFDI ${use}.`;
  if (!rfc || !regimen) return null; // said on the RFC or the régimen already
  return usoAllowedFor(use, rfc.kind, regimen)
    ? null
    : `El SAT no admite el uso ${use} «${USOS_CFDI[use].description}» para el régimen ${regimen}.`;
}

function usesFor(rfc: ParsedRfc, regimen: RegimenFiscal) {
  return Object.entries(USOS_CFDI)
    .filter(([code]) => isUsoCfdi(code) && usoAllowedFor(code, rfc.kind, regimen))
    .map(([code, { description }]) => ({ code, description }));
}
