import { voidableUntil } from './void-window';

describe('voidableUntil', () => {
  test('a sale can be voided until 23:00 Mexico City time of its own day', () => {
    // 10:15 in Mexico City (16:15 UTC) → 23:00 local, 05:00 UTC the next day.
    expect(voidableUntil(new Date('2026-09-01T16:15:00Z')).toISOString()).toBe(
      '2026-09-02T05:00:00.000Z',
    );
  });

  test('a sale made late in the evening has its day, not the UTC day', () => {
    // 22:30 in Mexico City is already 04:30 UTC of the next day.
    expect(voidableUntil(new Date('2026-09-02T04:30:00Z')).toISOString()).toBe(
      '2026-09-02T05:00:00.000Z',
    );
    // 23:30 local: the window has closed for that day's sale.
    const late = new Date('2026-09-02T05:30:00Z');
    expect(voidableUntil(late).getTime()).toBeLessThan(late.getTime());
  });
});
