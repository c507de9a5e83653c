import { endOfNextBusinessDay, fromSatDateTime, toSatDateTime } from './mexico-time.ts';

test('CFDI times are central Mexico local time (UTC−6, no daylight saving)', () => {
  expect(toSatDateTime(new Date('2026-07-01T03:30:00Z'))).toBe('2026-06-30T21:30:00');
  expect(fromSatDateTime('2026-06-30T21:30:00').toISOString()).toBe('2026-07-01T03:30:00.000Z');
});

test.each([
  ['a Tuesday morning', '2026-11-24T09:00:00', '2026-11-26T00:00:00'],
  ['a Thursday late night', '2026-11-26T23:59:00', '2026-11-28T00:00:00'],
  ['a Friday', '2026-11-27T18:00:00', '2026-12-01T00:00:00'],
  ['a Saturday', '2026-11-28T10:00:00', '2026-12-01T00:00:00'],
])(
  'stamped on %s, it cancels without acceptance until the next business day ends',
  (_day, stampedAt, ends) => {
    expect(toSatDateTime(endOfNextBusinessDay(fromSatDateTime(stampedAt)))).toBe(ends);
  },
);
