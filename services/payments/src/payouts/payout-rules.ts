import type { Payout } from '@cuota/contracts/payments/payouts';
import type { PaymentMethod } from '@cuota/contracts/payments/payins';
import type { DayMethodSum } from '../figures/figures-repository';
import { isBankHoliday } from './bank-holidays';
import { feeOfSales } from './payout-fees';

/** The gateway's money: cards. Cash and transfers reach the school's hands or bank directly. */
const CARD_METHODS: readonly PaymentMethod[] = ['credit_card', 'debit_card'];

/** The next Monday-to-Friday after a date that is not a bank holiday (ADR 0043). */
export function nextBusinessDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  const closed = () =>
    d.getUTCDay() === 0 || d.getUTCDay() === 6 || isBankHoliday(d.toISOString().slice(0, 10));
  do d.setUTCDate(d.getUTCDate() + 1);
  while (closed());
  return d.toISOString().slice(0, 10);
}

/**
 * One payout per day with card money (ADR 0036, 0057): that day's card payins less the card
 * voids and refunds of those payments (`reversed`, by the day the payment was paid: the day's
 * payout deducts them), deposited the next business day to the school's account.
 */
export function payoutsOf(
  paid: DayMethodSum[],
  reversed: DayMethodSum[],
  account: Payout['bank_account'],
): Payout[] {
  const days = new Map<string, Payout>();
  const dayOf = (date: string) => {
    if (!days.has(date))
      days.set(date, {
        payout_id: null,
        collected_on: date,
        scheduled_on: nextBusinessDay(date),
        status: 'SCHEDULED',
        payins: 0,
        collected_centavos: 0,
        reversed_centavos: 0,
        amount_centavos: 0,
        bank_account: account,
      });
    return days.get(date)!;
  };
  for (const s of paid.filter((x) => CARD_METHODS.includes(x.method))) {
    const p = dayOf(s.date);
    p.payins += s.n;
    p.collected_centavos += s.centavos;
  }
  for (const s of reversed.filter((x) => CARD_METHODS.includes(x.method)))
    dayOf(s.date).reversed_centavos += s.centavos;
  for (const p of days.values()) p.amount_centavos = p.collected_centavos - p.reversed_centavos;
  return [...days.values()].sort((a, b) => b.collected_on.localeCompare(a.collected_on));
}

/** A payout as the day-by-day list shows it. */
export interface ScheduledDay {
  id: string;
  collectedOn: string;
  scheduledOn: string;
  status: Payout['status'];
  account: NonNullable<Payout['bank_account']>;
  payins: number;
  collectedCentavos: number;
  /** Its own reversals and the carried refunds it deducts. */
  deductedCentavos: number;
}

/**
 * A day already scheduled is shown as its payout is (ADR 0043, 0057): its id, status, deposit
 * day and account, and — unless canceled — the payments it settles and every refund it
 * deducts, before fees. A canceled day keeps the day's own figures.
 */
export function withScheduled(days: Payout[], scheduled: ScheduledDay[]): Payout[] {
  const byDay = new Map(scheduled.map((s) => [s.collectedOn, s]));
  return days.map((d) => {
    const s = byDay.get(d.collected_on);
    if (!s) return d;
    const shown = {
      ...d,
      payout_id: s.id,
      status: s.status,
      scheduled_on: s.scheduledOn,
      bank_account: s.account,
    };
    if (s.status === 'CANCELED') return shown;
    return {
      ...shown,
      payins: s.payins,
      collected_centavos: s.collectedCentavos,
      reversed_centavos: s.deductedCentavos,
      amount_centavos: s.collectedCentavos - s.deductedCentavos,
    };
  });
}

/**
 * An applied card reversal not wholly deducted yet: `amountCentavos` is what is left of it
 * (`carried`: its payment was paid out).
 */
export type OpenReversal = {
  id: string;
  payinId: string;
  amountCentavos: number;
  carried: boolean;
};

const sum = (xs: Array<{ amountCentavos: number }>) => xs.reduce((s, x) => s + x.amountCentavos, 0);

/**
 * A day's payout figures (ADR 0043 and its addendum, ADR 0057): its card payments less their
 * own reversals and the fees, then the refunds of payments already paid out, oldest first,
 * while the payout stays positive: the one that does not fit whole is split, this payout
 * taking all but one centavo of its net, and the rest waits for later payouts
 * (`carriedLeft`); the gateway, too, recovers a refund from later settlements.
 */
export function payoutFigures(payins: Array<{ amountCentavos: number }>, open: OpenReversal[]) {
  const own = open.filter((r) => !r.carried);
  const collected = sum(payins);
  const reversed = sum(own);
  const fee = feeOfSales(payins.map((p) => p.amountCentavos));
  const taken: OpenReversal[] = [];
  let net = collected - reversed - fee;
  for (const r of open.filter((x) => x.carried)) {
    const part = Math.min(r.amountCentavos, net - 1);
    if (part <= 0) break;
    taken.push({ ...r, amountCentavos: part });
    net -= part;
  }
  const carried = sum(taken);
  const carriedLeft = sum(open.filter((r) => r.carried)) - carried;
  return { collected, reversed, carried, carriedLeft, fee, net, deducted: [...own, ...taken] };
}
