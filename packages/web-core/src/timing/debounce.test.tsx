/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { renderHook } from '@testing-library/react';
import { DEBOUNCE_DEFAULT_MS, useDebouncedCallback } from '@cuota/web-core/timing/debounce';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function debounced(fn: (text: string) => void, delayMs?: number) {
  return renderHook(({ fn }) => useDebouncedCallback(fn, delayMs), { initialProps: { fn } });
}

test('by default calls once, with the last arguments, when the calls pause for 200 ms', () => {
  const search = jest.fn();
  const typed = debounced(search).result.current;

  typed.call('G');
  jest.advanceTimersByTime(150);
  typed.call('Ga');
  jest.advanceTimersByTime(150);
  typed.call('Gar');
  jest.advanceTimersByTime(199);
  expect(search).not.toHaveBeenCalled();

  jest.advanceTimersByTime(1);
  expect(search).toHaveBeenCalledTimes(1);
  expect(search).toHaveBeenCalledWith('Gar');
  expect(DEBOUNCE_DEFAULT_MS).toBe(200);
});

test('cancel drops the waiting call; a later call waits afresh', () => {
  const search = jest.fn();
  const typed = debounced(search, 500).result.current;

  typed.call('García');
  typed.cancel();
  jest.advanceTimersByTime(1_000);
  expect(search).not.toHaveBeenCalled();

  typed.call('Ruiz');
  jest.advanceTimersByTime(499);
  expect(search).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(search).toHaveBeenCalledWith('Ruiz');
});

test('stays the same across renders, calls the latest callback, and stops on unmount', () => {
  const first = jest.fn();
  const second = jest.fn();
  const { result, rerender, unmount } = debounced(first);
  const typed = result.current;

  typed.call('Lóp');
  rerender({ fn: second });
  expect(result.current).toBe(typed);
  typed.call('López');
  jest.advanceTimersByTime(DEBOUNCE_DEFAULT_MS);
  expect(first).not.toHaveBeenCalled();
  expect(second).toHaveBeenCalledTimes(1);
  expect(second).toHaveBeenCalledWith('López');

  typed.call('Pérez');
  unmount();
  jest.advanceTimersByTime(DEBOUNCE_DEFAULT_MS);
  expect(second).toHaveBeenCalledTimes(1);
});
