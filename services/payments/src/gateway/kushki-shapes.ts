import { z } from 'zod';
import { pesosToCentavos } from './kushki-money';

/**
 * Kushki's published bodies, read into what payments needs (ADR 0030; the examples are
 * test fixtures in infra/sandboxes/gateway/fixtures). Kushki names one sale differently by
 * product: the charge answer's `details` is camelCase, the one-time card payment webhook and
 * the transaction records are snake_case, the void/refund webhook is camelCase again.
 */

/** A sale as Kushki describes it (charge answer, card webhook, transactions list). */
export interface GatewaySale {
  ticketNumber: string;
  transactionReference: string | null;
  status: string;
  /** What was charged: the approved amount, or the requested one when declined. */
  amountCentavos: number;
  brand: string | null;
  last4: string | null;
  paymentId: string | null;
  /** The order a card subscription's charge pays (its metadata's `order_id`, ADR 0070). */
  orderId: string | null;
  responseText: string | null;
}

/** A void or refund of a sale, as its webhook or the transactions list describes it. */
export interface GatewayReversal {
  /** The reversal's own ticket number. */
  ticketNumber: string;
  saleTicketNumber: string;
  type: 'VOID' | 'REFUND';
  status: string;
  amountCentavos: number;
  paymentId: string | null;
}

export const pesos = z.number().transform((n, ctx) => {
  const centavos = pesosToCentavos(n);
  if (centavos === null) {
    ctx.addIssue({ code: 'custom', message: 'monto inválido' });
    return z.NEVER;
  }
  return centavos;
});

const metadata = z.record(z.string(), z.unknown()).nullish();
const paymentIdOf = (m: z.infer<typeof metadata>) =>
  typeof m?.payment_id === 'string' ? m.payment_id : null;
const orderIdOf = (m: z.infer<typeof metadata>) =>
  typeof m?.order_id === 'string' ? m.order_id : null;
const charged = (status: string, approved?: number, requested?: number) =>
  status === 'APPROVAL' ? (approved ?? requested ?? 0) : (requested ?? 0);

/** Kushki's transaction record (snake_case): the card webhook body and a list row. */
export const transactionRecord = z.object({
  ticket_number: z.string().min(1),
  sale_ticket_number: z.string().nullish(),
  transaction_type: z.string(),
  transaction_status: z.string(),
  transaction_reference: z.string().nullish(),
  merchant_id: z.string().nullish(),
  approved_transaction_amount: pesos.optional(),
  request_amount: pesos.optional(),
  payment_brand: z.string().nullish(),
  last_four_digits: z.string().nullish(),
  metadata,
  response_text: z.string().nullish(),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

export function saleOfRecord(r: TransactionRecord): GatewaySale {
  return {
    ticketNumber: r.ticket_number,
    transactionReference: r.transaction_reference ?? null,
    status: r.transaction_status,
    amountCentavos: charged(r.transaction_status, r.approved_transaction_amount, r.request_amount),
    brand: r.payment_brand ?? null,
    last4: r.last_four_digits ?? null,
    paymentId: paymentIdOf(r.metadata),
    orderId: orderIdOf(r.metadata),
    responseText: r.response_text ?? null,
  };
}

/** The void/refund webhook body (camelCase). */
export const reversalNotice = z.object({
  ticketNumber: z.string().min(1),
  voidTicketNumber: z.string().min(1).nullish(),
  saleTicketNumber: z.string().min(1),
  transactionType: z.string().nullish(),
  forceRefund: z.boolean().nullish(),
  transactionStatus: z.string(),
  merchantId: z.string().nullish(),
  requestAmount: pesos.optional(),
  metadata,
});
export type ReversalNotice = z.infer<typeof reversalNotice>;

/** The charge answer's `details` name the record's fields in camelCase. */
const DETAILS_TO_RECORD = {
  ticketNumber: 'ticket_number',
  transactionReference: 'transaction_reference',
  transactionStatus: 'transaction_status',
  approvedTransactionAmount: 'approved_transaction_amount',
  requestAmount: 'request_amount',
  paymentBrand: 'payment_brand',
  lastFourDigits: 'last_four_digits',
  metadata: 'metadata',
  responseText: 'response_text',
} as const;

/** A charge answer's `details` (with the answer's ticket number merged in), as a sale. */
export function parseChargeDetails(details: Record<string, unknown>): GatewaySale | null {
  const record = Object.fromEntries(
    Object.entries(DETAILS_TO_RECORD).map(([camel, snake]) => [snake, details[camel]]),
  );
  const parsed = transactionRecord.safeParse({ ...record, transaction_type: 'SALE' });
  return parsed.success ? saleOfRecord(parsed.data) : null;
}

export { paymentIdOf };
