import type { Collections } from '@cuota/contracts/payments/figures';

type Collected = Collections['total'];

const none = (): Collected => ({
  payins: 0,
  collected_centavos: 0,
  reversed_centavos: 0,
  net_centavos: 0,
});

function add(into: Collected, day: Collected): Collected {
  into.payins += day.payins;
  into.collected_centavos += day.collected_centavos;
  into.reversed_centavos += day.reversed_centavos;
  into.net_centavos += day.net_centavos;
  return into;
}

/**
 * The collections of the days `from`–`to` of a wider answer that holds them, as the endpoint answers for
 * them: its totals are the sums of its days (one row per day and method that moved money),
 * so a range inside a read needs no read of its own (issue 16: Inicio derives today from the
 * month and the same days of last month from last month, ADR 0097).
 */
export function collectionsWithin(
  wider: Collections,
  { from, to }: { from: string; to: string },
): Collections {
  if (from < wider.from || to > wider.to)
    throw new RangeError(`${from}–${to} is not within ${wider.from}–${wider.to}`);
  const days = wider.days.filter((d) => d.date >= from && d.date <= to);
  const byMethod = new Map<Collections['days'][number]['method'], Collected>();
  const total = none();
  for (const { date: _date, method, ...day } of days) {
    add(total, day);
    add(byMethod.get(method) ?? byMethod.set(method, none()).get(method)!, day);
  }
  return {
    from,
    to,
    days,
    by_method: [...byMethod].map(([method, sums]) => ({ method, ...sums })),
    total,
  };
}
