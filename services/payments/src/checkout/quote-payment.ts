import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import { MAX_CENTAVOS } from '@cuota/contracts/common/money';
import { badRequest, HttpError } from '@cuota/service-runtime/http/http-error';
import { allocationWatermark, type AppliedRead } from '../allocation/allocation-repository';
import { dueNow, NOTHING_APPLIED, type DueOrder } from '../allocation/allocation-rules';
import { dueOrders } from '../allocation/due-orders';
import type { NewPayinItem } from '../payins/payin-repository';
import type { PaymentsDeps } from '../payments-deps';

export const NOTHING_DUE = 'Estos conceptos ya no tienen saldo pendiente. Actualiza la página.';

/** What a family would pay for the chosen orders now, as billing and payments know it. */
export interface QuotedPayment {
  /** The allocation seq read before billing's quote (settlement re-checks against it). */
  watermark: number;
  quoted: QuotedOrder[];
  due: DueOrder[];
  amountCentavos: number;
  /**
   * The orders' allocations the amounts counted when they were read before the quote (the
   * payin is inserted only while they are still these, `insertCardPayinPricedOn`); null when
   * they were read after it.
   */
  counted: number | null;
}

/**
 * Payments' allocations to the orders and the watermark, read together before the quote (a
 * checkout's opening read, one statement): nothing in that snapshot is after the watermark.
 */
export interface AppliedBeforeQuote extends AppliedRead {
  watermark: number;
}

/**
 * The amounts of a family's payment (ADR 0016): billing's quote of the orders (404 when one
 * is not open, not the school's or not the family's) less payments' allocations billing has
 * not heard of. Checkout and payment preferences both price through here, so they agree.
 * With `before`, the allocations read before the quote price it (no statement after it).
 */
export async function quotePayment(
  deps: PaymentsDeps,
  schoolId: string,
  orderIds: string[],
  guardianId: string,
  before?: AppliedBeforeQuote,
): Promise<QuotedPayment> {
  const watermark = before?.watermark ?? (await allocationWatermark(deps.db));
  const quoted = await deps.billing.quote(schoolId, orderIds, guardianId);
  if (!before) return priced(watermark, quoted, await dueOrders(deps.db, quoted, watermark), null);
  const due = quoted.map((o) =>
    dueNow(o, before.applied.get(o.order_id) ?? NOTHING_APPLIED, NOTHING_APPLIED),
  );
  return priced(watermark, quoted, due, before.counted);
}

/**
 * The same quote priced on the allocations as they stand now, after it: when others came
 * since the ones a checkout read before the quote.
 */
export async function pricedNow(deps: PaymentsDeps, quote: QuotedPayment): Promise<QuotedPayment> {
  const due = await dueOrders(deps.db, quote.quoted, quote.watermark);
  return priced(quote.watermark, quote.quoted, due, null);
}

function priced(
  watermark: number,
  quoted: QuotedOrder[],
  due: DueOrder[],
  counted: number | null,
): QuotedPayment {
  if (due.some((d) => d.baseDue + d.lateFeeDue === 0))
    throw new HttpError(409, 'CONFLICT', NOTHING_DUE);
  const amountCentavos = due.reduce((s, d) => s + d.baseDue + d.lateFeeDue, 0);
  if (amountCentavos > MAX_CENTAVOS)
    throw badRequest('El total es demasiado grande para un solo pago. Paga en partes.');
  return { watermark, quoted, due, amountCentavos, counted };
}

/** The items a gateway payin keeps: each order as billing quoted it, less payments' own. */
export const payinItemsOf = ({
  due,
  quoted,
}: Pick<QuotedPayment, 'due' | 'quoted'>): NewPayinItem[] =>
  due.map((d, i) => ({
    orderId: d.orderId,
    studentId: d.studentId,
    conceptId: d.conceptId,
    conceptName: d.conceptName,
    conceptType: d.conceptType,
    period: d.period,
    dueOn: d.dueOn,
    baseCentavos: d.baseDue,
    lateFeeCentavos: d.lateFeeDue,
    orderAmountCentavos: quoted[i]!.amount_centavos ?? null,
    orderLateFeeCentavos: quoted[i]!.late_fee_centavos ?? null,
  }));
