import {
  MAX_FIGURES_DAYS,
  type Collections,
  type FiguresQuery,
} from '@cuota/contracts/payments/figures';
import type { PaymentMethod } from '@cuota/contracts/payments/payins';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { DayMethodSum } from './figures-repository';

/**
 * The range asked for, in Mexico City dates: no end is today (or the start, if later); no
 * start is the first of the end's month. Null when it spans more than MAX_FIGURES_DAYS.
 */
export function rangeOf(query: FiguresQuery, now: Date): { from: string; to: string } | null {
  const today = mexicoCityDate(now);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? `${to.slice(0, 8)}01`;
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  return days > MAX_FIGURES_DAYS ? null : { from, to };
}

type Collected = Collections['total'];
const none = (): Collected => ({
  payins: 0,
  collected_centavos: 0,
  reversed_centavos: 0,
  net_centavos: 0,
});

function add(into: Collected, paid?: DayMethodSum, reversed?: DayMethodSum): Collected {
  into.payins += paid?.n ?? 0;
  into.collected_centavos += paid?.centavos ?? 0;
  into.reversed_centavos += reversed?.centavos ?? 0;
  into.net_centavos = into.collected_centavos - into.reversed_centavos;
  return into;
}

/**
 * Collections per day and method: what was paid that day, what voids and refunds gave back
 * that day (of payins of that method, whenever they were paid) and the net; then by method
 * and in all.
 */
export function collectionsOf(
  range: { from: string; to: string },
  paid: DayMethodSum[],
  reversed: DayMethodSum[],
): Collections {
  const key = (s: DayMethodSum) => `${s.date} ${s.method}`;
  const keys = [...new Set([...paid, ...reversed].map(key))].sort();
  const paidBy = new Map(paid.map((s) => [key(s), s]));
  const reversedBy = new Map(reversed.map((s) => [key(s), s]));
  const byMethod = new Map<PaymentMethod, Collected>();
  const total = none();
  const days = keys.map((k) => {
    const [date, method] = k.split(' ') as [string, PaymentMethod];
    const p = paidBy.get(k);
    const r = reversedBy.get(k);
    add(total, p, r);
    add(byMethod.get(method) ?? byMethod.set(method, none()).get(method)!, p, r);
    return { date, method, ...add(none(), p, r) };
  });
  return {
    ...range,
    days,
    by_method: [...byMethod].map(([method, sums]) => ({ method, ...sums })),
    total,
  };
}
