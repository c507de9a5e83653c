import type { Subscribable, SubscriptionView } from '@cuota/contracts/billing/subscriptions';
import type { Executor } from '@cuota/messaging/transaction';
import {
  studentNames,
  type StudentRow,
} from '@cuota/student-directory/student-directory-repository';
import {
  activePairsOf,
  billedMonthsOf,
  conceptsByIds,
  ordersOfSubscriptions,
  subscribableConcepts,
  type SubscriptionOrderRow,
  type SubscriptionRow,
} from './subscription-repository';
import { mayJoin, monthsFrom, periodOf, type Audience } from './subscription-rules';

const owes = (o: SubscriptionOrderRow) => !o.canceledAt && o.totalCentavos > o.paidBaseCentavos;

/** Subscriptions as the API shows them, each with its orders and the month paid next. */
export async function subscriptionViews(
  db: Executor,
  rows: SubscriptionRow[],
): Promise<SubscriptionView[]> {
  const [names, concepts, orders] = await Promise.all([
    studentNames(db, [...new Set(rows.map((r) => r.studentId))]),
    conceptsByIds(db, [...new Set(rows.map((r) => r.conceptId))]),
    ordersOfSubscriptions(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => {
    const concept = concepts.get(r.conceptId)!;
    const own = orders.filter((o) => o.subscriptionId === r.id);
    const next = own.find(owes);
    return {
      id: r.id,
      school_id: r.schoolId,
      student: { id: r.studentId, name: names.get(r.studentId) ?? '' },
      concept_id: r.conceptId,
      concept_name: concept.name,
      concept_type: concept.conceptType,
      price_centavos: concept.priceCentavos,
      from_period: r.fromPeriod,
      status: r.canceledAt ? 'CANCELED' : 'ACTIVE',
      next_payment: next ? { period: next.period ?? '', due_on: next.dueOn } : null,
      orders: own.map((o) => ({
        id: o.id,
        period: o.period,
        due_on: o.dueOn,
        total_centavos: o.totalCentavos,
        paid_centavos: o.paidBaseCentavos,
        canceled: o.canceledAt !== null,
      })),
      created_at: r.createdAt.toISOString(),
      canceled_at: r.canceledAt?.toISOString() ?? null,
    };
  });
}

/**
 * The concept/student pairs these students may subscribe to now (the spec's selection items):
 * optional monthly concepts of their level the caller may see, not subscribed yet, with the months from the
 * current one that the student has not been billed yet (a pair with none left is not offered).
 */
export async function subscribablesOf(
  db: Executor,
  schoolId: string,
  students: StudentRow[],
  { today, audience }: { today: string; audience: Audience },
): Promise<Subscribable[]> {
  const concepts = await subscribableConcepts(db, schoolId);
  const ids = students.map((s) => s.studentId);
  const [active, billed] = await Promise.all([
    activePairsOf(db, ids),
    billedMonthsOf(
      db,
      ids,
      concepts.map((c) => c.id),
    ),
  ]);
  return students.flatMap((student) =>
    concepts.flatMap((concept) => {
      const key = `${student.studentId}:${concept.id}`;
      if (!mayJoin(concept, student, audience) || active.has(key)) return [];
      const months = monthsFrom(concept, periodOf(today)).filter((p) => !billed.get(key)?.has(p));
      if (months.length === 0) return [];
      return [
        {
          concept_id: concept.id,
          concept_name: concept.name,
          concept_type: concept.conceptType,
          student_id: student.studentId,
          student_name: `${student.firstName} ${student.lastName}`,
          concept_price: concept.priceCentavos,
          months,
        },
      ];
    }),
  );
}
