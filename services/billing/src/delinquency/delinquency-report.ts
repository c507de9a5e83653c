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
import { overdueOrdersOfSchool } from '../orders/order-repository';

/** Days past the due date → the report's bucket (the first day late is day 1 of «0–30»). */
const bucketOf = (daysLate: number): AgingBucket =>
  daysLate <= 30 ? '0_30' : daysLate <= 60 ? '31_60' : daysLate <= 90 ? '61_90' : '90_plus';

/** Levels in school order; students without one last. */
const levelOrder = (level: EducationLevel | null) =>
  level === null ? EDUCATION_LEVELS.length : EDUCATION_LEVELS.indexOf(level);

const emptyAging = (): Aging => ({ '0_30': 0, '31_60': 0, '61_90': 0, '90_plus': 0, total: 0 });

interface Group {
  level: EducationLevel | null;
  sectionId: string | null;
  aging: Aging;
  students: Set<string>;
}

/**
 * What the school's families owe past due as of a date, by how late and by level and section:
 * each order's quote (late fee as of the date included, ADR 0035), so the report adds up to
 * what Adeudos shows as overdue plus its late fees.
 */
export async function delinquencyReport(
  db: Executor,
  schoolId: string,
  asOf: string,
): Promise<Delinquency> {
  const groups = new Map<string, Group>();
  for (const { order, level, sectionId } of await overdueOrdersOfSchool(db, schoolId, asOf)) {
    const owed = quoteOrder(order, asOf).pendingCentavos;
    if (owed === 0) continue;
    const key = `${level ?? ''}|${sectionId ?? ''}`;
    const group = groups.get(key) ?? { level, sectionId, aging: emptyAging(), students: new Set() };
    groups.set(key, group);
    group.aging[bucketOf(daysBetween(order.dueOn, asOf))] += owed;
    group.aging.total += owed;
    group.students.add(order.studentId);
  }
  const rows = [...groups.values()]
    .sort(
      (a, b) =>
        levelOrder(a.level) - levelOrder(b.level) ||
        (a.sectionId ?? '').localeCompare(b.sectionId ?? ''),
    )
    .map((g) => ({
      level: g.level,
      section_id: g.sectionId,
      students: g.students.size,
      ...g.aging,
    }));
  const totals = { ...emptyAging(), students: 0 };
  for (const row of rows) {
    for (const bucket of [...AGING_BUCKETS, 'total'] as const) totals[bucket] += row[bucket];
    totals.students += row.students;
  }
  return { as_of: asOf, totals, rows };
}
