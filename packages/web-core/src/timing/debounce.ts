import { useCallback, useEffect, useMemo, useRef } from 'react';

/** The specification's default debounce delay (§9). */
export const DEBOUNCE_DEFAULT_MS = 200;

export interface Debounced<A extends unknown[]> {
  /** Asks for `fn(...args)`: made once the calls pause for the delay, with the last ones. */
  call(...args: A): void;
  /** Drops the call that is waiting, if any (e.g. an explicit submit makes it moot). */
  cancel(): void;
}

/**
 * A component's debounced callback: stable across renders, calling the latest `fn` (so it sees
 * the current props), and dropped on unmount so nothing fires for a page the user has left.
 */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  delayMs = DEBOUNCE_DEFAULT_MS,
): Debounced<A> {
  const latest = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    latest.current = fn;
  });
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const call = useCallback(
    (...args: A) => {
      cancel();
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    },
    [cancel, delayMs],
  );
  useEffect(() => cancel, [cancel]);
  return useMemo(() => ({ call, cancel }), [call, cancel]);
}
