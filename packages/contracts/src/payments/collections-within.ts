import type { Collections } from '@cuota/contracts/payments/figures';

type Collected = Collections['total'];
type Day = Collections['days'][number];

const SUMMED = ['payins', 'collected_centavos', 'reversed_centavos', 'net_centavos'] as const;

/** Every figure of `days` added up. */
const sumOf = (days: Day[]): Collected =>
  Object.fromEntries(
    SUMMED.map((figure) => [figure, days.reduce((n, day) => n + day[figure], 0)]),
  ) as Collected;

/**
 * The collections of the days `from`–`to` of a wider answer that holds them, as the endpoint
 * answers for them: its totals are the sums of its days (one row per day and method that moved
 * money), so a range inside a read needs no read of its own (issue 16: Inicio derives today
 * from the month and the same days of last month from last month, ADR 0097).
 */
export function collectionsWithin(
  wider: Collections,
  { from, to }: { from: string; to: string },
): Collections {
  if (from < wider.from || to > wider.to)
    throw new RangeError(`${from}–${to} is not within ${wider.from}–${wider.to}`);
  const days = wider.days.filter((d) => d.date >= from && d.date <= to);
  // Methods in the order their first row comes, as the endpoint lists them.
  const methods = [...new Set(days.map((d) => d.method))];
  return {
    from,
    to,
    days,
    by_method: methods.map((method) => ({
      method,
      ...sumOf(days.filter((d) => d.method === method)),
    })),
    total: sumOf(days),
  };
}
