import type { DueOrderStudent } from '@cuota/contracts/billing/orders';
import { quoteOrder } from '../orders/order-quote';
import type { OrderRow } from '../orders/order-repository';
import type { OrderTerms } from '../orders/order-rules';
import { openLines, termsOf, type DueAnswerRow } from './due-answer-repository';

type Owed = Pick<DueOrderStudent, 'pending_centavos' | 'late_fee_centavos' | 'overdue_centavos'>;

/** One open order's part of what a student owes as of a date: its quote (ADR 0035). */
function owedOfOrder(order: OrderTerms, asOf: string): Owed {
  const q = quoteOrder(order, asOf);
  return {
    pending_centavos: q.pendingCentavos,
    late_fee_centavos: q.lateFeeDueCentavos,
    overdue_centavos: order.dueOn < asOf ? q.pendingCentavos : 0,
  };
}

function sum(parts: Owed[]): Owed {
  const owed = { pending_centavos: 0, late_fee_centavos: 0, overdue_centavos: 0 };
  for (const part of parts) {
    owed.pending_centavos += part.pending_centavos;
    owed.late_fee_centavos += part.late_fee_centavos;
    owed.overdue_centavos += part.overdue_centavos;
  }
  return owed;
}

/** What a student owes as of a date: the sum of their open orders' quotes (ADR 0035). */
export const owedOfOrders = (open: OrderTerms[], asOf: string): Owed =>
  sum(open.map((order) => owedOfOrder(order, asOf)));

export const owedOf = (rows: OrderRow[], asOf: string) =>
  owedOfOrders(
    rows.map((r) => r.order),
    asOf,
  );

/** Enough for a page's or an export's distinct terms; then the day starts over (~1 MB). */
const QUOTED_MOST = 5_000;
let quoted = { asOf: '', owed: new Map<string, Owed>() };

/**
 * An open order's part by its line of terms, quoted once a day per distinct line: a school's
 * open orders share a few (a concept's month, unpaid), and parsing and quoting each order of
 * every page was half of billing's CPU on Adeudos (issue 16). The quote is a pure function of
 * the line and the day, so the amounts are the same.
 */
function owedOfLine(line: string, asOf: string): Owed {
  if (quoted.asOf !== asOf || quoted.owed.size >= QUOTED_MOST) quoted = { asOf, owed: new Map() };
  let owed = quoted.owed.get(line);
  if (!owed) quoted.owed.set(line, (owed = owedOfOrder(termsOf(line), asOf)));
  return owed;
}

/**
 * A student of the report as its answer's JSON, with the amounts as of `asOf` (late fees
 * included) added to what PostgreSQL wrote, so the list, a student's header and their rows
 * add up to the same number without reading the student into objects.
 */
export function dueAnswerJson({ json, open }: DueAnswerRow, asOf: string): string {
  const owed = sum(openLines(open).map((line) => owedOfLine(line, asOf)));
  return `${json.slice(0, -1)},"pending_centavos":${owed.pending_centavos},"late_fee_centavos":${owed.late_fee_centavos},"overdue_centavos":${owed.overdue_centavos}}`;
}
