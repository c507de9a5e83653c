import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { OptionalOrder, OptionalOrderStatus } from '@cuota/contracts/billing/store';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { optionalOrderLines, optionalOrders } from '../schema';

/** The only code that reads optional orders or changes their status. */
type OrderRow = typeof optionalOrders.$inferSelect;
type LineRow = typeof optionalOrderLines.$inferSelect;

export const NO_ORDER = 'No encontramos este pedido.';

const toOrder = (o: OrderRow, lines: LineRow[]): OptionalOrder => ({
  id: o.id,
  school_id: o.schoolId,
  guardian_id: o.guardianId,
  student_id: o.studentId,
  buyer_email: o.buyerEmail,
  lead_id: o.leadId,
  status: o.status,
  total_centavos: o.totalCentavos,
  hold_until: o.status === 'pending_payment' ? (o.holdUntil?.toISOString() ?? null) : null,
  lines: lines
    .filter((l) => l.orderId === o.id)
    .map((l) => ({
      variant_id: l.variantId,
      item_name: l.itemName,
      variant_label: l.variantLabel,
      tax: l.tax,
      sat_product_key: l.satProductKey,
      unit_price_centavos: l.unitPriceCentavos,
      quantity: l.quantity,
    })),
  created_at: o.createdAt.toISOString(),
  delivered_at: o.deliveredAt?.toISOString() ?? null,
});

async function withLines(db: Executor, orders: OrderRow[]) {
  if (orders.length === 0) return [];
  const lines = await db
    .select()
    .from(optionalOrderLines)
    .where(
      inArray(
        optionalOrderLines.orderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(optionalOrderLines.itemName), asc(optionalOrderLines.variantLabel));
  return orders.map((o) => toOrder(o, lines));
}

export async function optionalOrdersWhere(db: Executor, schoolId: string, extra?: SQL) {
  const rows = await db
    .select()
    .from(optionalOrders)
    .where(and(eq(optionalOrders.schoolId, schoolId), extra))
    .orderBy(desc(optionalOrders.createdAt), desc(optionalOrders.id))
    .limit(500);
  return withLines(db, rows);
}

export const ordersOfSchool = (db: Executor, schoolId: string, status?: OptionalOrderStatus) =>
  optionalOrdersWhere(db, schoolId, status ? eq(optionalOrders.status, status) : undefined);

/** A family sees its own orders only (the guardian who bought). */
export const ordersOfGuardian = (db: Executor, schoolId: string, guardianId: string) =>
  optionalOrdersWhere(db, schoolId, eq(optionalOrders.guardianId, guardianId));

export async function orderOf(db: Executor, schoolId: string, orderId: string) {
  const [order] = await optionalOrdersWhere(db, schoolId, eq(optionalOrders.id, orderId));
  return order;
}

/** Only a paid order is handed over; delivering twice answers the same delivered order. */
export async function deliverOrder(tx: Executor, schoolId: string, orderId: string, by: string) {
  const [row] = await tx
    .select({ status: optionalOrders.status })
    .from(optionalOrders)
    .where(and(eq(optionalOrders.id, orderId), eq(optionalOrders.schoolId, schoolId)))
    .for('update');
  if (!row) throw notFound(NO_ORDER);
  if (row.status === 'paid')
    await tx
      .update(optionalOrders)
      .set({ status: 'delivered', deliveredAt: new Date(), deliveredBy: by })
      .where(eq(optionalOrders.id, orderId));
  else if (row.status !== 'delivered') throw conflict('Solo se entregan pedidos pagados.');
  return (await orderOf(tx, schoolId, orderId))!;
}
