/**
 * UsoCFDI for a school's income invoice. SAT rejects a use the receptor's person type and
 * régimen do not admit (CFDI40161; table in mexico.md §2.11), so the choice is checked
 * against the catalog rather than trusted.
 */
import type { RfcKind } from '@cuota/contracts/invoicing/rfc';
import type { FormaPago, RegimenFiscal, UsoCfdiCode } from './sat-catalogs.ts';
import { isUsoCfdi, usoAllowedFor } from './sat-catalogs.ts';

export interface UsoCfdiContext {
  kind: RfcKind;
  regimen: RegimenFiscal;
  /** The invoice has a colegiatura with its IEDU complement. */
  deductibleTuition: boolean;
  formaPago: FormaPago;
  /** What the guardian asked for, if anything. */
  requested?: string | null;
}

/**
 * - D10 (colegiaturas) when there is a deductible colegiatura, the receptor is a persona
 *   física in a régimen that admits it (not 616, not 626) and the payment was not cash
 *   (the decree only lets parents deduct bank-traceable payments).
 * - Otherwise G03 (gastos en general) when the régimen admits it (companies, people with
 *   business activity), else S01 (sin efectos fiscales), which every régimen admits.
 * - A use the guardian asked for wins when SAT admits it for them and it is not a D10 the
 *   rule above would refuse.
 */
export function chooseUsoCfdi(context: UsoCfdiContext): UsoCfdiCode {
  const { kind, regimen, requested } = context;
  const d10Eligible =
    context.deductibleTuition && context.formaPago !== '01' && usoAllowedFor('D10', kind, regimen);
  if (
    requested &&
    isUsoCfdi(requested) &&
    usoAllowedFor(requested, kind, regimen) &&
    (requested !== 'D10' || d10Eligible)
  ) {
    return requested;
  }
  if (d10Eligible) return 'D10';
  return usoAllowedFor('G03', kind, regimen) ? 'G03' : 'S01';
}
