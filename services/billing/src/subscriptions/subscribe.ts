import type { CreateSubscription } from '@cuota/contracts/billing/subscriptions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { billPeriod } from '../bill-runs/run-bill';
import { conceptById, UNKNOWN_CONCEPT } from '../concepts/concept-repository';
import { dueOnOf } from '../orders/calendar';
import { actorOf, subscriberOf } from './subscriber';
import {
  activePairsOf,
  ALREADY_SUBSCRIBED,
  billedMonthsOf,
  insertSubscription,
} from './subscription-repository';
import { audienceOf, monthsToBill } from './subscription-rules';

/**
 * Subscribes one student to one optional monthly concept (ADR 0035), in the caller's
 * transaction: the subscription's row, then one single-student bill run per month left, so
 * its orders follow the bill runs' rules (scholarships, no second order per month, the
 * `billing.orders.billed` events). Everything is checked before anything is written.
 * Returns the subscription's id.
 */
export async function subscribe(
  tx: Executor,
  schoolId: string,
  body: CreateSubscription,
  caller: IdentityClaims,
  today: string,
): Promise<string> {
  const student = await subscriberOf(tx, caller, schoolId, body.student_id);
  const { row: concept } = await conceptById(tx, body.concept_id, { lock: true });
  if (concept.schoolId !== schoolId) throw notFound(UNKNOWN_CONCEPT);
  // Said before "no months left": a second subscription is the likelier mistake.
  if ((await activePairsOf(tx, [student.studentId])).has(`${student.studentId}:${concept.id}`))
    throw conflict(ALREADY_SUBSCRIBED);
  const billed = (await billedMonthsOf(tx, [student.studentId], [concept.id])).values().next();
  const { fromPeriod, months } = monthsToBill(concept, student, body.from_period, {
    today,
    billed: billed.value ?? new Set(),
    audience: audienceOf(caller),
  });
  const subscription = await insertSubscription(tx, {
    schoolId,
    studentId: student.studentId,
    conceptId: concept.id,
    fromPeriod,
    createdBy: actorOf(caller),
  });
  for (const period of months)
    await billPeriod(
      tx,
      concept,
      { period, dueOn: dueOnOf(period, concept.dueDay!) },
      { subscription: { id: subscription.id, studentId: student.studentId } },
    );
  return subscription.id;
}
