import type { LateFee } from '@cuota/contracts/billing/concepts';
import type {
  BookkeeperOrderPatch,
  BookkeeperOrderReplace,
} from '@cuota/contracts/billing/corrections';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { requireDueInCycle } from '../concepts/concept-cycle';
import { conceptById } from '../concepts/concept-repository';
import {
  correctOrder,
  lockOrder,
  sameValue,
  type Correction,
  type OrderChanges,
} from './order-adjustment-repository';
import { hasMoney, ORDER_HAS_PAYMENTS } from './order-adjustment-rules';
import type { OrderForPayment } from './order-payment-repository';
import { UNKNOWN_ORDER } from './order-repository';

const CANCELED = 'Esta orden está cancelada; ya no se puede corregir.';
const LATE_FEE_PAID =
  'Ya se pagó parte de los recargos de esta orden. Para cambiarlos, primero reembolsa el pago o emite una nota de crédito desde Pagos; después corrige la orden.';

/** Who corrects, and why: the staff member, with the name the trail shows. */
export const who = (caller: IdentityClaims, reason: string) =>
  caller.kind === 'staff'
    ? { reason, by: caller.user_id, byName: caller.name ?? null }
    : { reason, by: null };

/** One correction a staff member asks for, as ADR 0035 names them. */
export type OrderEdit =
  | { kind: 'interest_forgiven'; interestForgiven: boolean }
  | { kind: 'base_edited'; amountCentavos: number }
  | { kind: 'due_edited'; dueOn: string }
  | { kind: 'canceled'; canceledAt: Date }
  /** A cancelled order owed again (a subscription's month taken up again; never staff's). */
  | { kind: 'reinstated' }
  | { kind: 'discount'; discountCentavos: number }
  | { kind: 'surcharge'; surchargeCentavos: number }
  | { kind: 'scholarship_avoided' }
  | { kind: 'scholarship_forced'; scholarshipCentavos: number }
  | { kind: 'replaced'; amountCentavos: number; dueOn: string; lateFee: LateFee | null };

const wanted = (edit: OrderEdit): OrderChanges => {
  switch (edit.kind) {
    case 'interest_forgiven':
      return { interestForgiven: edit.interestForgiven };
    case 'due_edited':
      return { dueOn: edit.dueOn };
    case 'base_edited':
      return { amountCentavos: edit.amountCentavos };
    case 'canceled':
      return { canceledAt: edit.canceledAt };
    case 'reinstated':
      return { canceledAt: null };
    case 'discount':
      return { discountCentavos: edit.discountCentavos };
    case 'surcharge':
      return { surchargeCentavos: edit.surchargeCentavos };
    case 'scholarship_avoided':
      return { scholarshipRule: 'avoid', scholarshipCentavos: 0 };
    case 'scholarship_forced':
      return { scholarshipRule: 'force', scholarshipCentavos: edit.scholarshipCentavos };
    case 'replaced':
      return { amountCentavos: edit.amountCentavos, dueOn: edit.dueOn, lateFee: edit.lateFee };
  }
};
/** Corrections that change what the order costs: never on an order with money (ADR 0035). */
const REPRICES = new Set<OrderEdit['kind']>([
  'base_edited',
  'canceled',
  'reinstated',
  'scholarship_avoided',
  'scholarship_forced',
  'discount',
  'surcharge',
  'replaced',
]);

const changesNothing = (o: OrderForPayment, edit: OrderEdit) =>
  edit.kind === 'canceled'
    ? o.canceledAt !== null
    : edit.kind === 'reinstated'
      ? o.canceledAt === null
      : Object.entries(wanted(edit)).every(([k, v]) => sameValue(o[k as keyof OrderChanges], v));

/** Why the edit may not be made (ADR 0035: money is never changed silently), if it may not. */
function refuse(o: OrderForPayment, edit: OrderEdit): void {
  if (o.canceledAt !== null && edit.kind !== 'reinstated') throw conflict(CANCELED);
  const lateFeeTouched = o.paidLateFeeCentavos > 0 || o.waitingPayinId !== null;
  if ((edit.kind === 'interest_forgiven' || edit.kind === 'due_edited') && lateFeeTouched)
    throw conflict(LATE_FEE_PAID);
  if (REPRICES.has(edit.kind) && hasMoney(o)) throw conflict(ORDER_HAS_PAYMENTS);
  if (
    (edit.kind === 'base_edited' || edit.kind === 'replaced') &&
    o.scholarshipCentavos + o.discountCentavos > edit.amountCentavos + o.surchargeCentavos
  )
    throw badRequest(
      'El monto base no puede ser menor que la beca y los descuentos que ya tiene la orden.',
    );
}

/** A new due date stays in the year of the order's concept (ADR 0079). */
async function checkDates(tx: Executor, o: OrderForPayment, edit: OrderEdit): Promise<void> {
  if (edit.kind !== 'due_edited' && edit.kind !== 'replaced') return;
  requireDueInCycle((await conceptById(tx, o.conceptId)).row, edit.dueOn);
}

/**
 * Applies staff corrections to one order of the school (decided on the locked order, so a
 * scholarship is read after the lock), in order, each its own audited change
 * through `correctOrder` (one trail entry and, when the total moves, one billing.order.adjusted).
 * The order is locked first: twenty concurrent requests queue, and an identical one after the
 * first changes nothing and writes nothing. Another school's order is not found.
 */
export async function editOrder(
  tx: Executor,
  schoolId: string,
  orderId: string,
  editsOf: (locked: OrderForPayment) => OrderEdit[] | Promise<OrderEdit[]>,
  who: Omit<Correction, 'kind'>,
): Promise<OrderForPayment> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.schoolId !== schoolId) throw notFound(UNKNOWN_ORDER);
  let current = order;
  for (const edit of await editsOf(order)) {
    // A retry of what is already so answers the order as it is, whatever its payments.
    if (changesNothing(current, edit)) continue;
    refuse(current, edit);
    await checkDates(tx, current, edit);
    if (await correctOrder(tx, current, wanted(edit), { ...who, kind: edit.kind }))
      current = (await lockOrder(tx, orderId))!;
  }
  return current;
}

/** The book-keeper's PATCH as edits, the cancellation last. */
export function editsOfPatch(body: BookkeeperOrderPatch, now: Date): OrderEdit[] {
  const edits: OrderEdit[] = [];
  if (body.amount_centavos !== undefined)
    edits.push({ kind: 'base_edited', amountCentavos: body.amount_centavos });
  if (body.due_on !== undefined) edits.push({ kind: 'due_edited', dueOn: body.due_on });
  if (body.interest_forgiven !== undefined)
    edits.push({ kind: 'interest_forgiven', interestForgiven: body.interest_forgiven });
  if (body.canceled) edits.push({ kind: 'canceled', canceledAt: now });
  return edits;
}

/** The book-keeper's PUT as one edit: the order's terms replaced together, one trail entry. */
export const editOfReplace = (body: BookkeeperOrderReplace): OrderEdit => ({
  kind: 'replaced',
  amountCentavos: body.amount_centavos,
  dueOn: body.due_on,
  lateFee: body.late_fee,
});
