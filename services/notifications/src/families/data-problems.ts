import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { isRegimenFiscal, regimenAppliesTo } from '@cuota/contracts/invoicing/fiscal-catalogs';
import { isInvoiceableRfc, parseRfc } from '@cuota/contracts/invoicing/rfc';

/** A fiscal field the SAT would refuse, as the «wrong_data» reminder names it to the family. */
export const DATA_PROBLEM_LABELS = {
  billing_name: 'tu nombre o razón social',
  tax_id: 'tu RFC',
  tax_zip_code: 'el código postal de tu domicilio fiscal',
  tax_regime: 'tu régimen fiscal',
} as const;
export type DataProblem = keyof typeof DATA_PROBLEM_LABELS;

const ZIP_CODE = /^\d{5}$/;

/**
 * What of a guardian's fiscal data would make the PAC refuse their invoice (ADR 0084): a family
 * that gave none is invoiced to público en general and has nothing wrong; one that gave some
 * needs all of it, well formed (RFC shape and date, five-digit CP, a régimen of SAT's catalog
 * that applies to a persona física or moral as the RFC says).
 */
export function dataProblems(g: GuardianSnapshot): DataProblem[] {
  const regime = g.tax_regime ?? null;
  if (!g.billing_name && !g.tax_id && !g.tax_zip_code && !regime) return [];
  const kind = g.tax_id ? parseRfc(g.tax_id)?.kind : undefined;
  const problems: DataProblem[] = [];
  if (!g.billing_name?.trim()) problems.push('billing_name');
  if (!g.tax_id || !isInvoiceableRfc(g.tax_id)) problems.push('tax_id');
  if (!g.tax_zip_code || !ZIP_CODE.test(g.tax_zip_code)) problems.push('tax_zip_code');
  if (!regime || !isRegimenFiscal(regime) || (kind && !regimenAppliesTo(regime, kind)))
    problems.push('tax_regime');
  return problems;
}

/** «tu RFC y el código postal de tu domicilio fiscal»: the problems as one Spanish phrase. */
export function dataProblemsPhrase(problems: readonly string[]): string {
  const labels = problems.map((p) => DATA_PROBLEM_LABELS[p as DataProblem] ?? p);
  return labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} y ${labels.at(-1)}`;
}
