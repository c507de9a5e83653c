import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import {
  ordersAdjustedV1,
  ordersOfAdjusted,
} from '@cuota/contracts/events/billing.orders.adjusted.v1';
import { ordersBilledV1 } from '@cuota/contracts/events/billing.orders.billed.v1';
import { ordersVoidedV1 } from '@cuota/contracts/events/billing.orders.voided.v1';
import { applyOrderAdjustment, applyOrderAdjustments } from '../adjustments/apply-order-adjustment';
import type { BillingClient } from '../billing/billing-client';
import { schoolAccount } from '../ledger/chart-of-accounts';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import { applyFamilyCredit } from './apply-credit';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const BILLING_CONSUMER = 'payments-billing';

/**
 * Billing's orders in the ledger (ADR 0016): billed → Dr receivable / Cr revenue, then the
 * credit of the school's students who hold any pays their family's open orders; voided → the reverse;
 * adjusted (one order, or many in parts) → the receivable follows each new total, any excess
 * paid is credit (ADR 0036).
 * Each event posts under its own key, so a redelivery posts nothing twice.
 */
export function billingSubscriptions(billing: BillingClient, now: () => Date): Subscription[] {
  return [
    on(ordersBilledV1, async (event, tx) => {
      const { school_id: schoolId, total_centavos: total } = event.data;
      await postLedgerTransaction(tx, {
        idempotencyKey: `billing:${event.id}`,
        schoolId,
        description: `Cargos facturados (${event.data.orders}) ${event.data.period ?? ''}`.trim(),
        occurredAt: new Date(event.occurred_at),
        lines: [
          { account: schoolAccount(schoolId, 'receivable'), amountCentavos: total },
          { account: schoolAccount(schoolId, 'revenue'), amountCentavos: -total },
        ],
      });
      await applyFamilyCredit(tx, billing, { schoolId, sourceEventId: event.id, now: now() });
    }),
    on(ordersVoidedV1, async (event, tx) => {
      const { school_id: schoolId, total_centavos: total } = event.data;
      await postLedgerTransaction(tx, {
        idempotencyKey: `billing:${event.id}`,
        schoolId,
        description: `Cargos cancelados (${event.data.orders}) ${event.data.period ?? ''}`.trim(),
        occurredAt: new Date(event.occurred_at),
        lines: [
          { account: schoolAccount(schoolId, 'revenue'), amountCentavos: total },
          { account: schoolAccount(schoolId, 'receivable'), amountCentavos: -total },
        ],
      });
    }),
    on(orderAdjustedV1, (event, tx) => applyOrderAdjustment(tx, event.data)),
    on(ordersAdjustedV1, (event, tx) => applyOrderAdjustments(tx, ordersOfAdjusted(event.data))),
  ];
}
