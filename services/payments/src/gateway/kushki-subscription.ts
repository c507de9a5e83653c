import { z } from 'zod';
import { saleOfRecord, transactionRecord, type GatewaySale } from './kushki-shapes';

/**
 * A recurring card charge of a subscription (ADR 0045), as Kushki's transaction record of the
 * charge with its `subscription_id`. Cuota names what the subscription pays in the metadata
 * it gives Kushki when it creates the subscription (mexico.md §3.5 `metadata`), which Kushki
 * repeats on each charge: the student and the concept, and optionally the month (`AAAA-MM`).
 */
export interface SubscriptionCharge {
  merchantId: string | null;
  subscriptionId: string;
  studentId: string;
  conceptId: string;
  period: string | null;
  sale: GatewaySale;
}

const subscriptionRecord = transactionRecord.extend({
  subscription_id: z.string().min(1),
  metadata: z.looseObject({
    student_id: z.uuid(),
    concept_id: z.uuid(),
    period: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional(),
  }),
});

/** The charge a subscription notification describes; null when the body is not one. */
export function parseSubscriptionCharge(raw: Buffer): SubscriptionCharge | null {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  const record = subscriptionRecord.safeParse(json);
  if (!record.success || record.data.transaction_type !== 'SALE') return null;
  const { data } = record;
  return {
    merchantId: data.merchant_id ?? null,
    subscriptionId: data.subscription_id,
    studentId: data.metadata.student_id,
    conceptId: data.metadata.concept_id,
    period: data.metadata.period ?? null,
    sale: saleOfRecord(data),
  };
}
