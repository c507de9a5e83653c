import { nextAttempt } from './retry-rules';

const now = new Date('2026-09-01T15:00:00Z');

it('backs off 1, 5, 30 minutes and 2 hours, then gives up', () => {
  const waits = [1, 2, 3, 4].map((n) => (nextAttempt(now, n)!.getTime() - now.getTime()) / 60_000);
  expect(waits).toEqual([1, 5, 30, 120]);
  expect(nextAttempt(now, 5)).toBeNull();
});
