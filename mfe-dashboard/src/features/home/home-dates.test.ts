import { cycleSoFar } from './home-dates';

test("the cycle so far starts at the cycle's start, never more than a year back", () => {
  expect(cycleSoFar('2026-11-29', '2026-08-17')).toEqual({ from: '2026-08-17', to: '2026-11-29' });
  expect(cycleSoFar('2026-11-29', '2024-08-01')).toEqual({ from: '2025-11-29', to: '2026-11-29' });
  expect(cycleSoFar('2026-11-29', undefined).from).toBe('2025-11-29');
  // A cycle that starts later (a draft) counts nothing before today.
  expect(cycleSoFar('2026-11-29', '2027-08-01')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
});
