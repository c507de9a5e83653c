import type { Order } from '@cuota/contracts/billing/orders';

/** What the selection needs of an order (spec §3 fulfillment item). */
export type FulfillmentItem = Pick<
  Order,
  'id' | 'student' | 'pending_amount' | 'final_amount' | 'fulfillments_dependent' | 'is_billable'
>;

export interface SelectionCounter {
  order_id: string;
  student_id?: string;
  counter: number;
}

/** Spec §3 payment selection state, persisted as `fulfillment-selection`. */
export interface FulfillmentSelection {
  items: FulfillmentItem[];
  counters: SelectionCounter[];
  total: number;
  all_with_student: boolean;
}

export const EMPTY_SELECTION: FulfillmentSelection = {
  items: [],
  counters: [],
  total: 0,
  all_with_student: true,
};

/** The recorded counter of an order for a student; 1 when none is recorded (spec §5). */
export function counterOf(
  selection: Pick<FulfillmentSelection, 'counters'>,
  item: FulfillmentItem,
) {
  const found = selection.counters.find(
    (c) => c.order_id === item.id && (c.student_id ?? null) === (item.student?.id ?? null),
  );
  return found?.counter ?? 1;
}

/** Spec §5: Σ counter × pending amount, or the final amount when nothing is pending. */
export function totalOf(selection: Pick<FulfillmentSelection, 'items' | 'counters'>): number {
  return selection.items.reduce(
    (sum, item) => sum + counterOf(selection, item) * (item.pending_amount || item.final_amount),
    0,
  );
}

function withDerived(items: FulfillmentItem[], counters: SelectionCounter[]): FulfillmentSelection {
  return {
    items,
    counters,
    total: totalOf({ items, counters }),
    all_with_student: items.every((i) => !!i.student?.id),
  };
}

/** Where a selection is made: spec §1's three surfaces, whose toggling rules differ (§4). */
export type SelectionSurface = 'portal' | 'online_store' | 'dashboard';

/**
 * Spec §4: toggling adds an item that is absent. On the portal and the online store, toggling
 * a selected one removes only that item; on the dashboard its dependents
 * (`fulfillments_dependent`) leave with it.
 */
export function toggleItem(
  selection: FulfillmentSelection,
  item: FulfillmentItem,
  surface: SelectionSurface = 'portal',
): FulfillmentSelection {
  if (!selection.items.some((i) => i.id === item.id))
    return withDerived([...selection.items, item], selection.counters);
  const leaving = new Set([item.id]);
  if (surface === 'dashboard') for (const id of item.fulfillments_dependent) leaving.add(id);
  return withDerived(
    selection.items.filter((i) => !leaving.has(i.id)),
    selection.counters.filter((c) => !leaving.has(c.order_id)),
  );
}

/**
 * Selects every one of `items` (those absent are added after the ones already chosen), or
 * removes them all: a student's «Seleccionar todo».
 */
export function selectEvery(
  selection: FulfillmentSelection,
  items: FulfillmentItem[],
  selected: boolean,
): FulfillmentSelection {
  const ids = new Set(items.map((i) => i.id));
  if (!selected)
    return withDerived(
      selection.items.filter((i) => !ids.has(i.id)),
      selection.counters.filter((c) => !ids.has(c.order_id)),
    );
  const chosen = new Set(selection.items.map((i) => i.id));
  return withDerived(
    [...selection.items, ...items.filter((i) => !chosen.has(i.id))],
    selection.counters,
  );
}

/** Records how many of an item the family pays (the counter of spec §3). */
export function setCounter(
  selection: FulfillmentSelection,
  item: FulfillmentItem,
  counter: number,
): FulfillmentSelection {
  const others = selection.counters.filter((c) => c.order_id !== item.id);
  const entry = { order_id: item.id, student_id: item.student?.id, counter };
  return withDerived(selection.items, [...others, entry]);
}

/** Only items still offered (paid or removed orders drop out, amounts refresh). */
export function keepOffered(
  selection: FulfillmentSelection,
  offered: FulfillmentItem[],
): FulfillmentSelection {
  const items = selection.items.flatMap((i) => offered.filter((o) => o.id === i.id));
  const ids = new Set(items.map((i) => i.id));
  return withDerived(
    items,
    selection.counters.filter((c) => ids.has(c.order_id)),
  );
}

/** The shared student-id list (`student-ids-store`): the selection's students, no duplicates. */
export function studentIdsOf(selection: FulfillmentSelection): string[] {
  return [...new Set(selection.items.flatMap((i) => (i.student?.id ? [i.student.id] : [])))];
}
