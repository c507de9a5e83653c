import {
  AGING_BUCKETS,
  type Aging,
  type AgingBucket,
  type Delinquency,
} from '@cuota/contracts/billing/delinquency';
import { EDUCATION_LEVELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { daysBetween } from '../orders/calendar';
import { quoteOrder } from '../orders/order-quote';
import { overdueStudentsOfSchool, overdueTermsOfSchool } from '../orders/order-repository';

/** Days past the due date → the report's bucket (the first day late is day 1 of «0–30»). */
const bucketOf = (daysLate: number): AgingBucket =>
  daysLate <= 30 ? '0_30' : daysLate <= 60 ? '31_60' : daysLate <= 90 ? '61_90' : '90_plus';

const emptyAging = (): Aging => ({ '0_30': 0, '31_60': 0, '61_90': 0, '90_plus': 0, total: 0 });

/** Levels in school order; students without one last. */
export const levelOrder = (level: EducationLevel | null) =>
  level === null ? EDUCATION_LEVELS.length : EDUCATION_LEVELS.indexOf(level);

type Row = Delinquency['rows'][number];
type Place = { level: EducationLevel | null; sectionId: string | null };
const keyOf = (p: Place) => `${p.level ?? ''}|${p.sectionId ?? ''}`;

/**
 * What the school's families owe past due as of a date, by how late and by level and section.
 * Each group of orders with the same terms is quoted once (late fee as of the date included,
 * ADR 0035) and counted as many times as it has orders, so the report adds up to what Adeudos
 * shows past due plus its late fees.
 */
export async function delinquencyReport(
  db: Executor,
  schoolId: string,
  asOf: string,
): Promise<Delinquency> {
  const [terms, students] = await Promise.all([
    overdueTermsOfSchool(db, schoolId, asOf),
    overdueStudentsOfSchool(db, schoolId, asOf),
  ]);
  const rows = new Map<string, Row>(
    students.map((s) => [
      keyOf(s),
      { level: s.level, section_id: s.sectionId, students: s.students, ...emptyAging() },
    ]),
  );
  for (const { level, sectionId, orders, ...order } of terms) {
    const owed = quoteOrder({ ...order, waitingPayinId: null }, asOf).pendingCentavos * orders;
    const row = rows.get(keyOf({ level, sectionId }))!;
    row[bucketOf(daysBetween(order.dueOn, asOf))] += owed;
    row.total += owed;
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      levelOrder(a.level) - levelOrder(b.level) ||
      (a.section_id ?? '').localeCompare(b.section_id ?? ''),
  );
  const totals = { ...emptyAging(), students: 0 };
  for (const row of sorted) {
    for (const bucket of [...AGING_BUCKETS, 'total'] as const) totals[bucket] += row[bucket];
    totals.students += row.students;
  }
  return { as_of: asOf, totals, rows: sorted };
}
