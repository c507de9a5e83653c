import type { CreateSubscription } from '@cuota/contracts/billing/subscriptions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { billPeriod } from '../bill-runs/run-bill';
import { conceptById, UNKNOWN_CONCEPT } from '../concepts/concept-repository';
import { dueOnOf } from '../orders/calendar';
import { editOrder, who, type OrderEdit } from '../orders/correct-order';
import { hasMoney } from '../orders/order-adjustment-rules';
import type { OrderForPayment } from '../orders/order-payment-repository';
import { actorOf, subscriberOf } from './subscriber';
import {
  activePairsOf,
  ALREADY_SUBSCRIBED,
  billedMonthsOf,
  insertSubscription,
  lastCanceledSubscription,
  reactivateSubscription,
  reinstatableOrdersOf,
} from './subscription-repository';
import { audienceOf, monthsToBill } from './subscription-rules';

/**
 * Subscribes one student to one optional monthly concept (ADR 0035), in the caller's
 * transaction: the subscription's row, then one single-student bill run per month left, so
 * its orders follow the bill runs' rules (scholarships, no second order per month, the
 * `billing.orders.billed` events). Subscribing again after a cancellation takes the cancelled
 * subscription up: its months cancelled with no money are reinstated (each a `reinstated`
 * correction on its trail), months never billed are billed. Everything is checked before
 * anything is written. Returns the subscription's id.
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
  const previous = await lastCanceledSubscription(tx, student.studentId, concept.id);
  const reinstatable = await reinstatableOrdersOf(tx, student.studentId, concept.id);
  const billed = (await billedMonthsOf(tx, [student.studentId], [concept.id])).values().next();
  const { fromPeriod, months } = monthsToBill(concept, student, body.from_period, {
    today,
    billed: billed.value ?? new Set(),
    audience: audienceOf(caller),
  });
  const subscription = previous
    ? await reactivateSubscription(tx, previous.id)
    : await insertSubscription(tx, {
        schoolId,
        studentId: student.studentId,
        conceptId: concept.id,
        fromPeriod,
        createdBy: actorOf(caller),
      });
  for (const period of months) {
    const cancelled = reinstatable.get(period);
    if (cancelled) await editOrder(tx, schoolId, cancelled, reinstate, who(caller, RESUMED));
    else
      await billPeriod(
        tx,
        concept,
        { period, dueOn: dueOnOf(period, concept.dueDay!) },
        { subscription: { id: subscription.id, studentId: student.studentId } },
      );
  }
  return subscription.id;
}

const RESUMED = 'Suscripción reanudada';
// Decided on the locked order: one that gained money meanwhile is left as it is.
const reinstate = (o: OrderForPayment): OrderEdit[] =>
  hasMoney(o) ? [] : [{ kind: 'reinstated' }];
