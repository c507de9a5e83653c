/** Which held payments a collector pass closes (ADR 0042): local days, closed periods only. */
import { closedPeriodsOf } from './global-invoice-collector';

const TZ = 'America/Mexico_City'; // UTC−6 all year since 2022
const held = (id: string, iso: string) => ({ id, fiscalEntityId: 'fe-1', paidAt: new Date(iso) });

test('a payment at 23:30 of 31 October in Mexico City belongs to October, not November', () => {
  const payments = [
    held('oct-late', '2026-11-01T05:30:00Z'),
    held('oct-first', '2026-10-01T06:00:00Z'),
    held('nov', '2026-11-01T06:30:00Z'),
  ];
  const closed = closedPeriodsOf('fe-1', 'monthly', TZ, payments, new Date('2026-11-02T12:00:00Z'));
  expect(closed).toEqual([
    {
      key: 'fe-1:monthly:2026-10-01',
      paymentIds: ['oct-late', 'oct-first'],
      latestPaidAt: new Date('2026-11-01T05:30:00Z'),
    },
  ]);
});

test('a period closes the day after its last local day, not before', () => {
  // A Monday; its week is cut at the month's end (Meses names one month): 26–31 October.
  const payments = [held('mon', '2026-10-26T15:00:00Z')];
  const lastDay = new Date('2026-11-01T05:59:00Z'); // 23:59 of 31 October in Mexico City
  expect(closedPeriodsOf('fe-1', 'weekly', TZ, payments, lastDay)).toEqual([]);
  const [week] = closedPeriodsOf('fe-1', 'weekly', TZ, payments, new Date('2026-11-01T06:00:00Z'));
  expect(week?.key).toBe('fe-1:weekly:2026-10-26');
});
