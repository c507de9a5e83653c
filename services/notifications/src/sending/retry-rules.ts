/** Waits before the 2nd, 3rd, 4th and 5th attempt at a notification (ADR 0064). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

/** When to try again after `attempts` failed ones, or null: give up (FAILED, the dead letter). */
export function nextAttempt(now: Date, attempts: number): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
