import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { allocationWatermark } from '../allocation/allocation-repository';
import { dueOrders } from '../allocation/due-orders';
import type { SubscriptionCharged } from '../gateway/kushki-subscription';
import type { PaymentsDeps } from '../payments-deps';
import {
  activeCardSubscriptions,
  chargedOrders,
  claimCharge,
  recordChargeOutcome,
  type CardSubscriptionRow,
} from './card-subscription-repository';

/**
 * One pass of the card subscriptions' charges (ADR 0070): every ACTIVE card pays its
 * student's open orders of its concept from the card's month up to the current Mexico City
 * month, each order once. Returns how many charges went to Kushki.
 */
export async function chargeDueMonths(deps: PaymentsDeps): Promise<number> {
  const month = mexicoCityDate(deps.now()).slice(0, 7);
  let charged = 0;
  for (const card of await activeCardSubscriptions(deps.db)) {
    try {
      charged += await chargeCard(deps, card, month);
    } catch (err) {
      // One school's billing or gateway trouble must not stop the others' charges.
      deps.logger.warn({ err, card: card.id }, 'card subscription not charged this pass');
    }
  }
  return charged;
}

async function chargeCard(
  deps: PaymentsDeps,
  card: CardSubscriptionRow,
  month: string,
): Promise<number> {
  const open = await deps.billing.openOrdersOf(card.schoolId, card.studentId);
  const months = open.filter(
    (o) =>
      o.concept_id === card.conceptId &&
      o.period !== null &&
      o.period >= card.fromPeriod &&
      o.period <= month,
  );
  const done = await chargedOrders(
    deps.db,
    months.map((o) => o.order_id),
  );
  const todo = months.filter((o) => !done.has(o.order_id));
  if (todo.length === 0) return 0;
  const due = await dueOrders(deps.db, todo, await allocationWatermark(deps.db));
  const { merchant } = await deps.gateways.current(card.schoolId);
  if (merchant.publicMerchantId !== card.publicMerchantId) return 0; // its merchant is gone
  const kushki = deps.gateways.subscriptionsFor(merchant);
  let charged = 0;
  for (const order of due) {
    const amount = order.baseDue + order.lateFeeDue;
    if (amount === 0) continue;
    const claim = await deps.db.transaction((tx) =>
      claimCharge(tx, {
        cardSubscriptionId: card.id,
        orderId: order.orderId,
        period: order.period,
        amount,
      }),
    );
    if (!claim) continue;
    const outcome = await kushki.charge(card.gatewaySubscriptionId, amount, {
      period: order.period,
      order_id: order.orderId,
    });
    await recordChargeOutcome(deps.db, claim.id, chargeStatusOf(outcome));
    charged += 1;
  }
  return charged;
}

const chargeStatusOf = (outcome: SubscriptionCharged) =>
  outcome.kind === 'approved'
    ? { status: 'APPROVED' as const, ticketNumber: outcome.ticketNumber }
    : outcome.kind === 'declined'
      ? { status: 'DECLINED' as const, message: outcome.message }
      : { status: 'UNKNOWN' as const };
