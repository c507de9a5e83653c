import type { StaffOrderDetail } from '@cuota/contracts/billing/corrections';
import type { Executor } from '@cuota/messaging/transaction';
import { adjustmentsOfOrder } from './order-adjustment-repository';
import { allocationsOfOrder, type OrderRow } from './order-repository';
import { toAdjustment } from './adjustment-view';
import { toOrderDetail } from './order-view';

/** The order as the school's staff sees it: payments applied and its audit trail. */
export async function staffOrderDetail(
  db: Executor,
  row: OrderRow,
  asOf: string,
): Promise<StaffOrderDetail> {
  const [allocations, adjustments] = await Promise.all([
    allocationsOfOrder(db, row.order.id),
    adjustmentsOfOrder(db, row.order.id),
  ]);
  return { ...toOrderDetail(row, allocations, asOf), adjustments: adjustments.map(toAdjustment) };
}
