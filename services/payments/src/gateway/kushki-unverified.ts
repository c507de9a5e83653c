import { z } from 'zod';
import {
  paymentIdOf,
  transactionRecord,
  type GatewayReversal,
  type ReversalNotice,
  type TransactionRecord,
} from './kushki-shapes';

/**
 * Every guess payments makes about Kushki, in one place (ADR 0030, the sandbox README's
 * "Fidelity"): what Kushki publishes, and the stored material shows, stops short of these.
 * When a real answer is seen, only this module (and the sandbox) change.
 */

/**
 * `GET /analytics/v1/transactions-list?from&to`: the path, header and `from`/`to` as
 * `2022-09-01T13:39:00.836` are what several integrations send; no published answer was
 * found. Guesses: the zone of `from`/`to` (so the window is padded by 12 h each side, which
 * covers every Kushki country), `limit`/`offset` paging, and rows in the envelope `data`
 * (a bare array is accepted too) shaped like the card webhook's transaction record.
 */
export const LIST_PAGE_SIZE = 100;
const ZONE_PAD_MS = 12 * 3600_000;

export function transactionsListPath(from: Date, to: Date, offset: number): string {
  const query = new URLSearchParams({
    from: kushkiInstant(from.getTime() - ZONE_PAD_MS),
    to: kushkiInstant(to.getTime() + ZONE_PAD_MS),
    limit: String(LIST_PAGE_SIZE),
    offset: String(offset),
  });
  return `/analytics/v1/transactions-list?${query}`;
}

const kushkiInstant = (ms: number) => new Date(ms).toISOString().slice(0, 23);

const listAnswer = z.union([
  z.object({ data: z.array(z.unknown()) }).transform((a) => a.data),
  z.array(z.unknown()),
]);

/** The answer's rows that read as transaction records; unreadable rows are skipped. */
export function transactionRecordsOf(body: unknown): TransactionRecord[] | null {
  const rows = listAnswer.safeParse(body);
  if (!rows.success) return null;
  return rows.data.flatMap((row) => {
    const parsed = transactionRecord.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * A list row for a void or refund: its `transaction_type` VOID/REFUND and the sale's ticket
 * in `sale_ticket_number` (Kushki's transaction record has that field; its use in list rows
 * is the guess).
 */
export function reversalOfRecord(r: TransactionRecord): GatewayReversal | null {
  const type = r.transaction_type;
  if ((type !== 'VOID' && type !== 'REFUND') || !r.sale_ticket_number) return null;
  return {
    ticketNumber: r.ticket_number,
    saleTicketNumber: r.sale_ticket_number,
    type,
    status: r.transaction_status,
    amountCentavos: r.request_amount ?? 0,
    paymentId: paymentIdOf(r.metadata),
  };
}

/**
 * The void/refund webhook. Its own ticket: `voidTicketNumber` when sent (Kushki's card
 * service copies the sale's fields, `ticketNumber` included, into the void request), else
 * `ticketNumber`. Its kind: the published field list is cut before it says whether
 * `transactionType` is there; `forceRefund` (listed) marks a refund. Either is read.
 */
export function reversalOfNotice(n: ReversalNotice): GatewayReversal {
  const type =
    n.transactionType === 'VOID' || n.transactionType === 'REFUND'
      ? n.transactionType
      : n.forceRefund
        ? 'REFUND'
        : 'VOID';
  return {
    ticketNumber: n.voidTicketNumber ?? n.ticketNumber,
    saleTicketNumber: n.saleTicketNumber,
    type,
    status: n.transactionStatus,
    amountCentavos: n.requestAmount ?? 0,
    paymentId: paymentIdOf(n.metadata),
  };
}
