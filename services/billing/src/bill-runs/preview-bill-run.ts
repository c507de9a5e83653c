import type { BillRunPreview, BillRunPreviewQuery } from '@cuota/contracts/billing/bill-runs';
import type { Executor } from '@cuota/messaging/transaction';
import { formatPeriod } from '@cuota/documents/date-format';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { conceptById, UNKNOWN_CONCEPT, type ConceptRow } from '../concepts/concept-repository';
import { termsOf } from './run-bill';
import { JOB_STATUS, previewOfRun, standingRunOf } from './bill-run-repository';

/**
 * What a run of the concept and period would bill now (issue 17), per level, at the concept's
 * price (scholarships come off once billed), and the run of that month that already stands.
 */
export async function previewBillRun(
  db: Executor,
  schoolId: string,
  query: BillRunPreviewQuery,
): Promise<BillRunPreview> {
  const { row: concept } = await conceptById(db, query.concept_id);
  if (concept.schoolId !== schoolId) throw notFound(UNKNOWN_CONCEPT);
  const { period } = termsOf(concept, query.period);
  const levels = await previewOfRun(db, {
    schoolId,
    conceptId: concept.id,
    level: concept.level,
    period,
  });
  const standing = await standingRunOf(db, concept.id, period);
  const price = concept.priceCentavos;
  const students = levels.reduce((sum, l) => sum + l.students, 0);
  return {
    concept_id: concept.id,
    period,
    students,
    total_centavos: students * price,
    existing_orders: levels.reduce((sum, l) => sum + l.existing, 0),
    levels: levels
      .filter((l) => l.students > 0)
      .map((l) => ({ level: l.level, students: l.students, total_centavos: l.students * price })),
    standing_run: standing
      ? {
          id: standing.id,
          status: JOB_STATUS[standing.status],
          created_at: standing.createdAt.toISOString(),
        }
      : null,
  };
}

/**
 * One run per concept and month (ADR 0054): refused while one runs or after one ended, unless
 * it failed, was cancelled or undone. The caller holds the concept's lock, so 20 starts at
 * once queue on it and each sees the run the first committed.
 */
export async function refuseSecondRun(tx: Executor, concept: ConceptRow, period: string | null) {
  const standing = await standingRunOf(tx, concept.id, period);
  if (!standing) return;
  const month = period ? ` de ${formatPeriod(period)}` : '';
  const what = `La generación de «${concept.name}»${month} (${standing.id})`;
  throw conflict(
    JOB_STATUS[standing.status] === 'PENDING'
      ? `${what} sigue en curso: espera a que termine.`
      : `${what} ya se hizo: deshazla si quieres generarla de nuevo.`,
  );
}
