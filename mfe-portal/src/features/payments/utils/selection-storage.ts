import { EMPTY_SELECTION, studentIdsOf, type FulfillmentSelection } from './fulfillment-selection';

/** Spec §3's storage keys (a reload or a second visit keeps what the family picked). */
export const SELECTION_KEY = 'fulfillment-selection';
export const STUDENT_IDS_KEY = 'student-ids-store';

export function loadSelection(storage: Storage = sessionStorage): FulfillmentSelection {
  try {
    const saved = JSON.parse(
      storage.getItem(SELECTION_KEY) ?? 'null',
    ) as FulfillmentSelection | null;
    return saved && Array.isArray(saved.items) && Array.isArray(saved.counters)
      ? saved
      : EMPTY_SELECTION;
  } catch {
    return EMPTY_SELECTION;
  }
}

/** Saves the selection and the shared student-id list; clearing empties both. */
export function saveSelection(selection: FulfillmentSelection, storage: Storage = sessionStorage) {
  try {
    storage.setItem(SELECTION_KEY, JSON.stringify(selection));
    storage.setItem(STUDENT_IDS_KEY, JSON.stringify(studentIdsOf(selection)));
  } catch {
    // Storage full or blocked: the selection still works for this page.
  }
}
