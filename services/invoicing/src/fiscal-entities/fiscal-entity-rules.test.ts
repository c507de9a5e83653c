import { csdSummaryOf } from './fiscal-entity-rules';

const now = new Date('2026-11-28T18:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 3600_000);

test('a CSD is warned about from 30 days before it expires, and expired after', () => {
  const state = (validTo: Date) => csdSummaryOf('30001000000500003416', validTo, now);
  expect(state(inDays(31))).toMatchObject({ state: 'valid', days_left: 31 });
  expect(state(inDays(30))).toMatchObject({ state: 'expiring', days_left: 30 });
  expect(state(inDays(0.5))).toMatchObject({ state: 'expiring', days_left: 0 });
  expect(state(inDays(-1))).toMatchObject({ state: 'expired', days_left: -1 });
  expect(state(inDays(31)).valid_to).toBe('2026-12-29T18:00:00.000Z');
});
