import { feeOfSales } from './payout-fees';
import { nextBusinessDay, payoutFigures, payoutsOf, withScheduled } from './payout-rules';

const sum = (
  date: string,
  method: 'credit_card' | 'cash' | 'debit_card',
  n: number,
  centavos: number,
) => ({
  date,
  method,
  n,
  centavos,
});

describe('payouts (ADR 0036)', () => {
  test('the next business day skips the weekend', () => {
    expect(nextBusinessDay('2026-03-05')).toBe('2026-03-06'); // Thursday → Friday
    expect(nextBusinessDay('2026-03-06')).toBe('2026-03-09'); // Friday → Monday
    expect(nextBusinessDay('2026-03-07')).toBe('2026-03-09'); // Saturday → Monday
  });

  test('the next business day skips Mexican bank holidays (ADR 0043)', () => {
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-04'); // New Year (Fri), weekend
    expect(nextBusinessDay('2026-04-01')).toBe('2026-04-06'); // Holy Thursday and Friday
    expect(nextBusinessDay('2026-11-13')).toBe('2026-11-17'); // Revolution day, Monday 16
    expect(nextBusinessDay('2027-03-12')).toBe('2027-03-16'); // Juárez, Monday 15
  });

  test("one payout per day of card money, less that day's card reversals; cash is not in it", () => {
    const account = { id: 'a-1', bank_name: 'BBVA MEXICO', clabe: '012180001234567897' };
    const payouts = payoutsOf(
      [
        sum('2026-03-05', 'credit_card', 2, 700_000),
        sum('2026-03-05', 'debit_card', 1, 100_000),
        sum('2026-03-05', 'cash', 3, 900_000),
        sum('2026-03-06', 'cash', 1, 50_000),
      ],
      [sum('2026-03-05', 'credit_card', 1, 350_000), sum('2026-03-09', 'credit_card', 1, 10_000)],
      account,
    );
    expect(payouts).toEqual([
      expect.objectContaining({
        collected_on: '2026-03-09',
        scheduled_on: '2026-03-10',
        payins: 0,
        amount_centavos: -10_000,
      }),
      {
        payout_id: null,
        collected_on: '2026-03-05',
        scheduled_on: '2026-03-06',
        status: 'SCHEDULED',
        payins: 3,
        collected_centavos: 800_000,
        reversed_centavos: 350_000,
        amount_centavos: 450_000,
        bank_account: account,
      },
    ]);
  });

  test('a scheduled day shows its payout: id, status, deposit day, account and deductions', () => {
    const first = { id: 'a-1', bank_name: 'BBVA MEXICO', clabe: '012180001234567897' };
    const other = { id: 'a-2', bank_name: 'BANAMEX', clabe: '002010077777777771' };
    const days = payoutsOf(
      [
        sum('2026-03-04', 'credit_card', 1, 70_000),
        sum('2026-03-05', 'credit_card', 1, 100_000),
        sum('2026-03-06', 'credit_card', 1, 50_000),
      ],
      [],
      first,
    );
    const payout = (id: string, day: string, status: 'APPROVED' | 'CANCELED') => ({
      id,
      collectedOn: day,
      scheduledOn: '2026-03-09',
      status,
      account: other,
      payins: 2,
      collectedCentavos: 170_000,
      deductedCentavos: 30_000,
    });
    const shown = withScheduled(days, [
      payout('p-0', '2026-03-04', 'CANCELED'),
      payout('p-1', '2026-03-05', 'APPROVED'),
    ]);
    expect(
      shown.map((d) => [
        d.collected_on,
        d.payout_id,
        d.status,
        d.bank_account?.id,
        d.collected_centavos,
        d.reversed_centavos,
        d.amount_centavos,
      ]),
    ).toEqual([
      ['2026-03-06', null, 'SCHEDULED', 'a-1', 50_000, 0, 50_000],
      // The payout took the canceled day's payment and deducts a carried refund.
      ['2026-03-05', 'p-1', 'APPROVED', 'a-2', 170_000, 30_000, 140_000],
      ['2026-03-04', 'p-0', 'CANCELED', 'a-2', 70_000, 0, 70_000],
    ]);
  });
});

describe('a payout with refunds of payments already paid out (ADR 0043 addendum)', () => {
  const reversal = (id: string, amountCentavos: number, carried: boolean) => ({
    id,
    payinId: `payin-${id}`,
    amountCentavos,
    carried,
  });
  const fee = feeOfSales([300_000]);

  test('its own reversals and the carried refunds that fit, oldest first, are deducted', () => {
    const f = payoutFigures(
      [{ amountCentavos: 300_000 }],
      [
        reversal('own', 50_000, false),
        reversal('old', 100_000, true),
        reversal('new', 20_000, true),
      ],
    );
    expect(f).toMatchObject({ collected: 300_000, reversed: 50_000, carried: 120_000, fee });
    expect(f.net).toBe(300_000 - 50_000 - 120_000 - fee);
    expect(f.carriedLeft).toBe(0);
    expect(f.deducted.map((r) => r.id)).toEqual(['own', 'old', 'new']);
  });

  test('a carried refund that does not fit is split: this payout keeps one centavo, the rest waits', () => {
    const f = payoutFigures(
      [{ amountCentavos: 300_000 }],
      [reversal('fits', 100_000, true), reversal('big', 250_000, true), reversal('small', 1, true)],
    );
    const room = 300_000 - fee - 100_000 - 1;
    expect(f.deducted.map((r) => [r.id, r.amountCentavos])).toEqual([
      ['fits', 100_000],
      ['big', room],
    ]);
    expect(f.carried).toBe(100_000 + room);
    expect(f.net).toBe(1);
    expect(f.carriedLeft).toBe(250_000 - room + 1);
  });

  test('the net is never zero or negative: a day with one centavo to give takes nothing', () => {
    const f = payoutFigures([{ amountCentavos: 300_000 }], [reversal('all', 300_000, true)]);
    expect(f.carried).toBe(300_000 - fee - 1);
    expect(f.net).toBe(1);
    const none = payoutFigures(
      [{ amountCentavos: 300_000 }],
      [reversal('own', 300_000 - fee - 1, false), reversal('carried', 5, true)],
    );
    expect(none).toMatchObject({ net: 1, carried: 0, carriedLeft: 5 });
  });
});
