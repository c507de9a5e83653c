import {
  reversalNotice,
  saleOfRecord,
  transactionRecord,
  type GatewayReversal,
  type GatewaySale,
} from './kushki-shapes';
import { reversalOfNotice } from './kushki-unverified';

/** A Kushki webhook, read: a card sale (approved or declined), or a void or refund. */
export type KushkiNotice =
  | { kind: 'sale'; merchantId: string | null; sale: GatewaySale }
  | { kind: 'reversal'; merchantId: string | null; reversal: GatewayReversal };

/**
 * Reads a webhook body in the shape its product documents (ADR 0030): the one-time card
 * payment notification is Kushki's snake_case transaction record (`ticket_number`,
 * `transaction_status`, `approved_transaction_amount`, …); the void/refund notification is
 * camelCase (`saleTicketNumber`, `voidTicketNumber`, `transactionStatus`, …). Null when the
 * body is neither.
 */
export function parseKushkiNotification(raw: Buffer): KushkiNotice | null {
  const json = safeJson(raw);
  const record = transactionRecord.safeParse(json);
  if (record.success && record.data.transaction_type === 'SALE')
    return {
      kind: 'sale',
      merchantId: record.data.merchant_id ?? null,
      sale: saleOfRecord(record.data),
    };
  const reversal = reversalNotice.safeParse(json);
  if (reversal.success)
    return {
      kind: 'reversal',
      merchantId: reversal.data.merchantId ?? null,
      reversal: reversalOfNotice(reversal.data),
    };
  return null;
}

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
