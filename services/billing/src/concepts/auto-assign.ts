import type { AutoAssignConcept } from '@cuota/contracts/billing/concepts';
import type { Executor } from '@cuota/messaging/transaction';
import { billPeriod, type RunScope } from '../bill-runs/run-bill';
import { periodsBilledToLevel } from '../bill-runs/bill-run-repository';
import { dueOnOf } from '../orders/calendar';
import {
  autoAssignedConceptsOfLevel,
  conceptById,
  saveConcept,
  toConcept,
  type ConceptRow,
} from './concept-repository';

/** A concept's month: its period, or a one-time concept's due month. */
const monthOf = (concept: ConceptRow, period: string | null) =>
  period ?? concept.dueOn!.slice(0, 7);

/**
 * Bills a level's late joiners what its runs already billed the others, from the month after
 * `today` on (ADR 0035: schools bill whole months, so the month a student joins is not
 * prorated; it is not billed). Only months a run already reached: later ones come with their
 * own runs. Returns the orders created; the orders' unique key makes a repeat create none.
 */
export async function billLateJoiners(
  tx: Executor,
  concept: ConceptRow,
  today: string,
  studentIds?: string[],
): Promise<number> {
  if (!concept.active || !concept.autoAssign) return 0;
  const current = today.slice(0, 7);
  const scope: RunScope | undefined = studentIds ? { lateJoiners: studentIds } : undefined;
  let created = 0;
  for (const period of (await periodsBilledToLevel(tx, concept.id)).sort()) {
    if (monthOf(concept, period) <= current) continue;
    const dueOn = period === null ? concept.dueOn! : dueOnOf(period, concept.dueDay!);
    created += (await billPeriod(tx, concept, { period, dueOn }, scope)).createdOrders;
  }
  return created;
}

/**
 * POST …/concepts/{concept}/auto-assign/: the state wanted. Turning it on also bills the
 * level's students who joined after a run the months they miss (same rule as a student who
 * joins later), so the answer's `orders_created` is 0 on a retry.
 */
export async function autoAssignConcept(
  tx: Executor,
  concept: ConceptRow,
  input: AutoAssignConcept,
  today: string,
) {
  if (concept.autoAssign !== input.auto_assign)
    await saveConcept(tx, concept.id, { autoAssign: input.auto_assign });
  const saved = await conceptById(tx, concept.id);
  const created = await billLateJoiners(tx, saved.row, today);
  const after = created > 0 ? await conceptById(tx, concept.id) : saved;
  return { concept: toConcept(after), orders_created: created };
}

/** A student who just joined a level (or became active in it) gets its auto-assigned concepts. */
export async function autoAssignToStudent(
  tx: Executor,
  student: { studentId: string; schoolId: string; level: string | null },
  today: string,
): Promise<number> {
  let created = 0;
  for (const concept of await autoAssignedConceptsOfLevel(tx, student.schoolId, student.level))
    created += await billLateJoiners(tx, concept, today, [student.studentId]);
  return created;
}
