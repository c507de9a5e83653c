import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  paymentsCloseRequest,
  type MonthRange,
  type PaymentsClose,
} from '@cuota/contracts/billing/month-close-report';
import { PAYMENT_METHODS } from '@cuota/contracts/payments/payins';
import type { Namespace } from '@cuota/messaging/naming';
import { serveReplies } from '@cuota/messaging/request-reply';
import type { Executor } from '@cuota/messaging/transaction';
import { paidByConceptAndLevel, paidByDay, reversedByDay } from './figures-repository';

/**
 * Payments' part of the month close (ADR 0076): the same sums as Inicio's collections (payins
 * by the day paid, voids and refunds by the day the books moved), added up per method; and
 * what those payins paid, by concept and level (ADR 0085).
 */
export async function paymentsClose(db: Executor, m: MonthRange): Promise<PaymentsClose> {
  const r = { schoolId: m.school_id, from: m.from, to: m.to };
  const [paid, reversed, concepts] = await Promise.all([
    paidByDay(db, r),
    reversedByDay(db, r),
    paidByConceptAndLevel(db, r),
  ]);
  return {
    methods: PAYMENT_METHODS.map((method) => {
      const of = (rows: typeof paid) => rows.filter((d) => d.method === method);
      const total = (rows: typeof paid, pick: (d: (typeof paid)[number]) => number) =>
        of(rows).reduce((s, d) => s + pick(d), 0);
      return {
        method,
        payins: total(paid, (d) => d.n),
        collected_centavos: total(paid, (d) => d.centavos),
        reversals: total(reversed, (d) => d.n),
        reversed_centavos: total(reversed, (d) => d.centavos),
      };
    }).filter((m) => m.payins > 0 || m.reversals > 0),
    concepts,
  };
}

export const servePaymentsClose = (
  db: Executor,
  nc: NatsConnection,
  ns: Namespace,
  onError: (err: unknown) => void,
): Subscription =>
  serveReplies(nc, ns, paymentsCloseRequest, (range) => paymentsClose(db, range), onError);
