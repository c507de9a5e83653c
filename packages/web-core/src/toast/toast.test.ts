import { createAppStore } from '@cuota/web-core/store';
import { dismissToast, showToast } from '@cuota/web-core/toast/toast-actions';
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
} from '@cuota/web-core/toast/toast-slice';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a toast opens with the spec defaults: success, 5000 ms', () => {
  const store = createAppStore();

  const id = store.dispatch(showToast({ title: 'Pago recibido', description: 'Gracias' }));

  expect(store.getState().toasts).toEqual([
    {
      id,
      title: 'Pago recibido',
      description: 'Gracias',
      variant: 'success',
      open: true,
      duration: TOAST_DURATION_MS,
    },
  ]);
  expect(TOAST_DURATION_MS).toBe(5000);
});

test('a dismissed toast closes at once and leaves state 200 ms later', () => {
  const store = createAppStore();
  const id = store.dispatch(showToast({ title: 'Hola', variant: 'error' }));

  store.dispatch(dismissToast(id));
  expect(store.getState().toasts[0]).toMatchObject({ id, open: false });

  jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
  expect(store.getState().toasts).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(store.getState().toasts).toHaveLength(0);
});

test('state keeps at most 1000 toasts, dropping the oldest', () => {
  const store = createAppStore();
  for (let n = 1; n <= TOAST_LIMIT + 5; n += 1) store.dispatch(showToast({ title: `#${n}` }));

  const toasts = store.getState().toasts;
  expect(toasts).toHaveLength(1000);
  expect(toasts[0]!.title).toBe(`#${TOAST_LIMIT + 5}`);
  expect(toasts.at(-1)!.title).toBe('#6');
});
