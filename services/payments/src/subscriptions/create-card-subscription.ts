import { SUBSCRIBABLE_CONCEPT_TYPES } from '@cuota/contracts/billing/subscriptions';
import type {
  CardSubscription,
  CreateCardSubscription,
} from '@cuota/contracts/payments/card-subscriptions';
import { HttpError, notFound } from '@cuota/service-runtime/http/http-error';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { studentIdsOfGuardian } from '@cuota/student-directory/student-directory-repository';
import type { PaymentsDeps } from '../payments-deps';
import { assertMayPayByCard } from '../risk/credit-profile';
import {
  cardSubscriptionOf,
  chargesOf,
  lockBillingSubscription,
  saveActiveCardSubscription,
  wakeCharger,
} from './card-subscription-repository';
import { cardSubscriptionView } from './card-subscription-view';

export const UNKNOWN_SUBSCRIPTION = 'No encontramos esta suscripción.';
const NOTHING_TO_CHARGE = 'Esta suscripción no tiene meses por pagar.';
export const SUBSCRIPTION_CANCELED =
  'Esta suscripción está cancelada: vuelve a suscribir al alumno antes de dar una tarjeta.';
const subscribable: readonly string[] = SUBSCRIBABLE_CONCEPT_TYPES;

/**
 * A family gives a card for a billing subscription's months (ADR 0070). Payments checks what
 * it can see: the student is the guardian's; billing says the subscription is theirs, for that
 * student and concept, and not cancelled (ADR 0071); and it has an open order of a
 * subscribable concept for the student. Creates for one subscription are serialised (advisory lock held
 * across Kushki's call), so concurrent ones make one Kushki subscription and answer its card.
 */
export async function createCardSubscription(
  deps: PaymentsDeps,
  schoolId: string,
  guardianId: string,
  body: CreateCardSubscription,
): Promise<CardSubscription> {
  await assertMayPayByCard(deps.db, schoolId, guardianId);
  const family = await studentIdsOfGuardian(deps.db, schoolId, guardianId);
  if (!family.includes(body.student_id)) throw notFound(UNKNOWN_SUBSCRIPTION);
  const subscription = await deps.billing.subscriptionOf(
    schoolId,
    body.subscription_id,
    guardianId,
  );
  if (subscription?.student_id !== body.student_id || subscription.concept_id !== body.concept_id)
    throw notFound(UNKNOWN_SUBSCRIPTION);
  if (subscription.status === 'CANCELED')
    throw new HttpError(409, 'CONFLICT', SUBSCRIPTION_CANCELED);
  const open = await deps.billing.openOrdersOf(schoolId, body.student_id);
  const months = open.filter((o) => o.concept_id === body.concept_id);
  if (months.length === 0) throw new HttpError(409, 'CONFLICT', NOTHING_TO_CHARGE);
  if (!subscribable.includes(months[0]!.concept_type)) throw notFound(UNKNOWN_SUBSCRIPTION);
  const { merchant } = await deps.gateways.current(schoolId);
  const today = mexicoCityDate(deps.now());
  const row = await deps.db.transaction(async (tx) => {
    await lockBillingSubscription(tx, body.subscription_id);
    const existing = await cardSubscriptionOf(tx, body.subscription_id);
    if (existing && (existing.schoolId !== schoolId || existing.studentId !== body.student_id))
      throw notFound(UNKNOWN_SUBSCRIPTION);
    if (existing?.status === 'ACTIVE') return existing;
    const created = await deps.gateways.subscriptionsFor(merchant).create({
      token: body.token,
      planName: `${months[0]!.concept_name} ${body.student_id.slice(0, 8)}`,
      startDate: today,
      metadata: {
        student_id: body.student_id,
        concept_id: body.concept_id,
        billing_subscription_id: body.subscription_id,
      },
    });
    if (created.kind === 'refused') throw new HttpError(402, 'PAYMENT_DECLINED', created.message);
    const saved = await saveActiveCardSubscription(tx, {
      schoolId,
      guardianId,
      billingSubscriptionId: body.subscription_id,
      studentId: body.student_id,
      conceptId: body.concept_id,
      publicMerchantId: merchant.publicMerchantId,
      gatewaySubscriptionId: created.subscriptionId,
      cardBrand: created.brand,
      cardLastFour: created.lastFour,
      fromPeriod: today.slice(0, 7),
    });
    await wakeCharger(tx);
    return saved;
  });
  return cardSubscriptionView(row, await chargesOf(deps.db, [row.id]));
}
