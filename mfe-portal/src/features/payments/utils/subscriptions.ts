import type { Order } from '@cuota/contracts/billing/orders';

/** A recurring concept a student is billed every month (a subscription, as families say). */
export interface Subscription {
  key: string;
  studentName: string;
  conceptName: string;
  monthlyCentavos: number;
  months: number;
  /** The oldest month still unpaid, if any. */
  nextDue: Order | null;
}

/** The family's monthly orders grouped by student and concept, in the order they came. */
export function subscriptionsOf(orders: Order[]): Subscription[] {
  const groups = new Map<string, Order[]>();
  for (const order of orders.filter((o) => o.period !== null)) {
    const key = `${order.student.id}:${order.concept_id}`;
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  return [...groups.entries()].map(([key, list]) => {
    const byDue = [...list].sort((a, b) => a.due_on.localeCompare(b.due_on));
    return {
      key,
      studentName: list[0]!.student.name,
      conceptName: list[0]!.concept_name,
      monthlyCentavos: byDue.at(-1)!.amount_centavos,
      months: list.length,
      nextDue: byDue.find((o) => o.status !== 'PAID') ?? null,
    };
  });
}
