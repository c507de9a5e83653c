import { formatPesos } from '@cuota/documents/money-format';
import {
  allocateOldestFirst,
  type DueOrder,
  type OrderAllocation,
} from '../allocation/allocation-rules';
import type { PayinItemRow, PayinRow } from '../payins/payin-repository';

/**
 * A SPEI transfer or store cash of another amount than its reference's (ADR 0099). The money
 * is in the school's gateway account and cannot be voided like a card sale, so it is booked
 * as it arrived: less pays the reference's orders oldest due first (each order's late fee
 * before its base), leaving the rest of them open; more pays them all and the difference is
 * the family's credit (the caller's `received − allocated`). `capped` is what each order can
 * still take (`capToDue`), so an order paid meanwhile takes nothing here either.
 */
export function spreadReceived(
  capped: { allocations: OrderAllocation[]; excessByStudent: Map<string, number> },
  items: PayinItemRow[],
  receivedCentavos: number,
): { allocations: OrderAllocation[]; excessByStudent: Map<string, number> } {
  const dueOn = new Map(items.map((i) => [i.orderId, i.dueOn]));
  const open: DueOrder[] = capped.allocations.map(({ baseCentavos, lateFeeCentavos, ...a }) => ({
    ...a,
    dueOn: dueOn.get(a.orderId)!,
    baseDue: baseCentavos,
    lateFeeDue: lateFeeCentavos,
  }));
  const { allocations } = allocateOldestFirst(open, receivedCentavos);
  return { allocations, excessByStudent: capped.excessByStudent };
}

/** What the payin's receipt and Pagos show: the reference's amount and what arrived. */
export const otherAmountNote = (payin: PayinRow, receivedCentavos: number) =>
  `Se esperaban ${formatPesos(payin.amountCentavos)} y llegaron ${formatPesos(receivedCentavos)}: ` +
  (receivedCentavos < payin.amountCentavos
    ? 'se abonó a los cargos más antiguos y el resto sigue pendiente.'
    : 'los cargos quedaron pagados y la diferencia es saldo a favor.');
