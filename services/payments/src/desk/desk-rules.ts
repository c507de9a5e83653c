import {
  allocateOldestFirst,
  oldestDueFirst,
  type DueOrder,
  type OrderAllocation,
} from '../allocation/allocation-rules';
import { collectOwed, totalOwed, type OwedShare } from '../owed/owed-rules';

/** What a desk payment would do to the family's open orders (ADR 0036). */
export interface DeskPlan {
  /** What the chosen orders owe now, and what refunds left the family owing. */
  owed: number;
  /** Of the amount, what pays refunds owed, before any order. */
  owedCollected: OwedShare[];
  allocations: OrderAllocation[];
  /** What no chosen order needs: change, or credit if the family leaves it. */
  excess: number;
}

/** The cashier named an order that is not one of the family's open ones. */
export const NOT_OPEN = 'not_open';

/**
 * First pays what refunds left the family owing (`owed`, the desk student first), then
 * spreads the rest over the chosen orders (every open order of the family when none are
 * named), oldest due first across the siblings, late fee before base.
 */
export function planDeskPayment(
  due: DueOrder[],
  payment: { studentId: string; amountCentavos: number; orderIds?: string[]; owed?: OwedShare[] },
): DeskPlan | typeof NOT_OPEN {
  const { orderIds } = payment;
  const { collected, rest: amountCentavos } = collectOwed(
    payment.owed ?? [],
    payment.amountCentavos,
  );
  const open = due.filter((o) => o.baseDue + o.lateFeeDue > 0);
  const byId = new Map(open.map((o) => [o.orderId, o]));
  if (orderIds?.some((id) => !byId.has(id))) return NOT_OPEN;
  const chosen = orderIds ? [...new Set(orderIds)].map((id) => byId.get(id)!) : open;
  const { allocations, remainder } = allocateOldestFirst(
    chosen,
    amountCentavos,
    deskSequence(payment.studentId),
  );
  const ordersOwed = chosen.reduce((sum, o) => sum + o.baseDue + o.lateFeeDue, 0);
  return {
    owed: ordersOwed + totalOwed(payment.owed ?? []),
    owedCollected: collected,
    allocations,
    excess: remainder,
  };
}

/** Above the school's limit: refused whatever the cashier confirms. */
export const overLimit = (amountCentavos: number, limitCentavos: number) =>
  amountCentavos > limitCentavos;

/** Oldest due first across the siblings; on the same due date the student at the desk first. */
export const deskSequence =
  (studentId: string) =>
  (a: DueOrder, b: DueOrder): number =>
    a.dueOn.localeCompare(b.dueOn) ||
    Number(b.studentId === studentId) - Number(a.studentId === studentId) ||
    oldestDueFirst(a, b);
