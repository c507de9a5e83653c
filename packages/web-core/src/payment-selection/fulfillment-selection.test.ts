/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import fc from 'fast-check';
import {
  EMPTY_SELECTION,
  keepOffered,
  selectEvery,
  setCounter,
  studentIdsOf,
  toggleItem,
  totalOf,
  type FulfillmentItem,
} from '@cuota/web-core/payment-selection/fulfillment-selection';
import {
  loadSelection,
  saveSelection,
  SELECTION_KEY,
  STUDENT_IDS_KEY,
} from '@cuota/web-core/payment-selection/selection-storage';

const item = (id: string, student: string, pending: number, final = pending): FulfillmentItem => ({
  id,
  student: { id: student, name: student },
  pending_amount: pending,
  final_amount: final,
  fulfillments_dependent: [],
  is_billable: true,
});
const september = item('o-1', 's-1', 250_000);
const october = { ...item('o-2', 's-1', 250_000), fulfillments_dependent: ['o-1'] };
const uniform = item('o-3', 's-2', 0, 80_000);

test('toggling adds an absent item and removes only that one when present', () => {
  let selection = toggleItem(EMPTY_SELECTION, september);
  selection = toggleItem(selection, october);
  expect(selection.items.map((i) => i.id)).toEqual(['o-1', 'o-2']);
  // October lists September as a dependent: on the portal removing it leaves September.
  selection = toggleItem(selection, october);
  expect(selection.items.map((i) => i.id)).toEqual(['o-1']);
  expect(selection.total).toBe(250_000);
});

test('on the dashboard removing an item takes its dependents with it; the others stay', () => {
  const selection = [september, october, uniform].reduce(
    (s, i) => toggleItem(s, i, 'dashboard'),
    EMPTY_SELECTION,
  );
  const counted = setCounter(selection, september, 2);

  const left = toggleItem(counted, october, 'dashboard');
  expect(left.items.map((i) => i.id)).toEqual(['o-3']);
  expect(left.counters).toEqual([]);
  expect(left.total).toBe(80_000);
  // An item without dependents leaves alone there too.
  expect(toggleItem(counted, uniform, 'dashboard').items.map((i) => i.id)).toEqual(['o-1', 'o-2']);
});

test('total is Σ counter × pending, or the final amount when nothing is pending', () => {
  let selection = toggleItem(toggleItem(EMPTY_SELECTION, september), uniform);
  expect(selection.total).toBe(250_000 + 80_000);
  selection = setCounter(selection, uniform, 2);
  expect(selection.total).toBe(250_000 + 2 * 80_000);
});

test("a student's «Seleccionar todo» adds what is missing and «ninguno» removes only theirs", () => {
  const counted = setCounter(toggleItem(EMPTY_SELECTION, uniform), uniform, 2);
  const withSofia = selectEvery(toggleItem(counted, october), [september, october], true);
  expect(withSofia.items.map((i) => i.id)).toEqual(['o-3', 'o-2', 'o-1']);
  expect(withSofia.total).toBe(2 * 80_000 + 500_000);

  const none = selectEvery(withSofia, [september, october], false);
  expect(none.items.map((i) => i.id)).toEqual(['o-3']);
  // The other student's counter stays.
  expect(none.total).toBe(2 * 80_000);
});

test('the student-id list has each student once', () => {
  const selection = [september, october, uniform].reduce(
    (s, i) => toggleItem(s, i),
    EMPTY_SELECTION,
  );
  expect(studentIdsOf(selection)).toEqual(['s-1', 's-2']);
});

test('orders no longer offered (paid meanwhile) leave the selection', () => {
  const selection = [september, october].reduce((s, i) => toggleItem(s, i), EMPTY_SELECTION);
  const kept = keepOffered(selection, [{ ...october, pending_amount: 100_000 }]);
  expect(kept.items.map((i) => i.id)).toEqual(['o-2']);
  expect(kept.total).toBe(100_000);
});

test('the selection and the student ids survive a reload under the spec keys', () => {
  const storage = window.sessionStorage;
  const selection = [september, uniform].reduce((s, i) => toggleItem(s, i), EMPTY_SELECTION);
  saveSelection(selection, storage);
  expect(JSON.parse(storage.getItem(STUDENT_IDS_KEY)!)).toEqual(['s-1', 's-2']);
  expect(loadSelection(storage)).toEqual(selection);
  storage.setItem(SELECTION_KEY, '{broken');
  expect(loadSelection(storage)).toEqual(EMPTY_SELECTION);
});

test('toggling and selecting all in any sequence keeps the total equal to the sum of what is selected', () => {
  const items = [september, october, uniform];
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 4 })), (picks) => {
      // 0-2 toggle one order; 3 and 4 select or clear the first student's.
      const selection = picks.reduce(
        (s, pick) =>
          pick < 3 ? toggleItem(s, items[pick]!) : selectEvery(s, [september, october], pick === 3),
        EMPTY_SELECTION,
      );
      expect(selection.total).toBe(totalOf(selection));
      expect(selection.total).toBeGreaterThanOrEqual(0);
      expect(new Set(selection.items.map((i) => i.id)).size).toBe(selection.items.length);
    }),
  );
});
