import {
  EMPTY_SELECTION,
  studentIdsOf,
  type FulfillmentSelection,
} from '@cuota/web-core/payment-selection/fulfillment-selection';

/** Spec §3's storage keys (a reload or a second visit keeps what the family picked). */
export const SELECTION_KEY = 'fulfillment-selection';
export const STUDENT_IDS_KEY = 'student-ids-store';
export const SUBSCRIBABLES_KEY = 'subscribables-selection';

/** Spec §3 subscription selection item; spec §4 keeps at most one. */
export interface SubscriptionSelectionItem {
  concept_id: string;
  student_id: string;
  concept_price: number;
}

/** What `key` holds when `valid` accepts it; blocked storage or garbage reads as nothing. */
function readStored<T>(storage: Storage, key: string, valid: (value: unknown) => value is T) {
  try {
    const saved: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return valid(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

function writeStored(storage: Storage, entries: [key: string, value: unknown][]) {
  try {
    for (const [key, value] of entries) storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the selection still works for this page.
  }
}

const isSelection = (value: unknown): value is FulfillmentSelection =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as FulfillmentSelection).items) &&
  Array.isArray((value as FulfillmentSelection).counters);

const isSubscriptionItem = (value: unknown): value is SubscriptionSelectionItem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SubscriptionSelectionItem).concept_id === 'string' &&
  typeof (value as SubscriptionSelectionItem).student_id === 'string' &&
  Number.isInteger((value as SubscriptionSelectionItem).concept_price);

const isSubscriptionItems = (value: unknown): value is SubscriptionSelectionItem[] =>
  Array.isArray(value) && value.every(isSubscriptionItem);

export function loadSelection(storage: Storage = sessionStorage): FulfillmentSelection {
  return readStored(storage, SELECTION_KEY, isSelection) ?? EMPTY_SELECTION;
}

/** Saves the selection and the shared student-id list; clearing empties both. */
export function saveSelection(selection: FulfillmentSelection, storage: Storage = sessionStorage) {
  writeStored(storage, [
    [SELECTION_KEY, selection],
    [STUDENT_IDS_KEY, studentIdsOf(selection)],
  ]);
}

export function loadSubscriptionSelection(
  storage: Storage = sessionStorage,
): SubscriptionSelectionItem[] {
  return readStored(storage, SUBSCRIBABLES_KEY, isSubscriptionItems) ?? [];
}

export function saveSubscriptionSelection(
  items: SubscriptionSelectionItem[],
  storage: Storage = sessionStorage,
) {
  writeStored(storage, [[SUBSCRIBABLES_KEY, items]]);
}
