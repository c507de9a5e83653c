import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import { MAX_CENTAVOS } from '@cuota/contracts/common/money';
import { badRequest, HttpError } from '@cuota/service-runtime/http/http-error';
import { allocationWatermark } from '../allocation/allocation-repository';
import type { DueOrder } from '../allocation/allocation-rules';
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
}

/**
 * The amounts of a family's payment (ADR 0016): billing's quote of the orders (404 when one
 * is not open, not the school's or not the family's) less payments' allocations billing has
 * not heard of. Checkout and payment preferences both price through here, so they agree.
 */
export async function quotePayment(
  deps: PaymentsDeps,
  schoolId: string,
  orderIds: string[],
  guardianId: string,
  /** The allocation seq when the caller already read it (before this quote), else read now. */
  watermarkRead?: number,
): Promise<QuotedPayment> {
  const watermark = watermarkRead ?? (await allocationWatermark(deps.db));
  const quoted = await deps.billing.quote(schoolId, orderIds, guardianId);
  const due = await dueOrders(deps.db, quoted, watermark);
  if (due.some((d) => d.baseDue + d.lateFeeDue === 0))
    throw new HttpError(409, 'CONFLICT', NOTHING_DUE);
  const amountCentavos = due.reduce((s, d) => s + d.baseDue + d.lateFeeDue, 0);
  if (amountCentavos > MAX_CENTAVOS)
    throw badRequest('El total es demasiado grande para un solo pago. Paga en partes.');
  return { watermark, quoted, due, amountCentavos };
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
