import { z } from 'zod';
import { centavosToPesos } from './kushki-money';
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

/** Where and as whom subscriptions are created and charged: the school's merchant. */
export interface SubscriptionKeys {
  baseUrl: string;
  privateMerchantId: string;
}

/** What a subscription pays, repeated by Kushki on each charge's webhook (above). */
export interface SubscriptionMetadata {
  student_id: string;
  concept_id: string;
  billing_subscription_id: string;
}

export type SubscriptionCreated =
  | { kind: 'created'; subscriptionId: string; brand: string; lastFour: string }
  | { kind: 'refused'; code: string; message: string };

/** An on-demand charge: approved (its webhook allocates it), declined, or not known. */
export type SubscriptionCharged =
  | { kind: 'approved'; ticketNumber: string }
  | { kind: 'declined'; message: string }
  | { kind: 'unknown'; reason: string };

const refusal = z.object({ code: z.string(), message: z.string() });
const created = z.object({
  subscriptionId: z.string().min(1),
  details: z.object({ lastFourDigits: z.string(), paymentBrand: z.string() }),
});
const charged = z.object({ ticketNumber: z.string().min(1) });

/**
 * Kushki's card subscriptions (reference/mexico.md §3.5, the sandbox README; ADR 0070): the
 * card's token is kept under a subscription (periodicity `custom`: nothing runs by itself)
 * and Cuota charges each month on demand. Bodies and answers are read only here.
 */
export class KushkiSubscriptions {
  private readonly keys: SubscriptionKeys;
  private readonly timeoutMs: number;

  constructor(keys: SubscriptionKeys, timeoutMs = 30_000) {
    this.keys = keys;
    this.timeoutMs = timeoutMs;
  }

  /** Keeps the card; a 5xx or no answer throws (the token may be spent: a new card form). */
  async create(input: {
    token: string;
    planName: string;
    startDate: string;
    metadata: SubscriptionMetadata;
  }): Promise<SubscriptionCreated> {
    const res = await this.call('/subscriptions/v1/card', {
      token: input.token,
      planName: input.planName,
      periodicity: 'custom',
      amount: exempt(0),
      startDate: input.startDate,
      metadata: input.metadata,
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status >= 500) throw new Error(`Kushki no creó la suscripción: HTTP ${res.status}`);
    const answer = created.safeParse(body);
    if (res.ok && answer.success)
      return {
        kind: 'created',
        subscriptionId: answer.data.subscriptionId,
        brand: answer.data.details.paymentBrand,
        lastFour: answer.data.details.lastFourDigits,
      };
    const refused = refusal.safeParse(body);
    if (!refused.success) throw new Error(`Kushki respondió ilegible: HTTP ${res.status}`);
    return { kind: 'refused', ...refused.data };
  }

  /** Charges the kept card; the metadata rides on the charge's webhook. */
  async charge(
    subscriptionId: string,
    amountCentavos: number,
    metadata: { period: string | null; order_id: string },
  ): Promise<SubscriptionCharged> {
    let res: Response;
    try {
      res = await this.call(`/subscriptions/v1/card/${encodeURIComponent(subscriptionId)}`, {
        amount: exempt(amountCentavos),
        metadata: metadata.period ? metadata : { order_id: metadata.order_id },
      });
    } catch (err) {
      return { kind: 'unknown', reason: err instanceof Error ? err.name : 'error desconocido' };
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status >= 500) return { kind: 'unknown', reason: `HTTP ${res.status}` };
    const answer = charged.safeParse(body);
    if (res.ok && answer.success)
      return { kind: 'approved', ticketNumber: answer.data.ticketNumber };
    const refused = refusal.safeParse(body);
    if (!refused.success) return { kind: 'unknown', reason: `HTTP ${res.status} ilegible` };
    return { kind: 'declined', message: refused.data.message };
  }

  /**
   * Lets the kept card go (mexico.md §3.5: DELETE, 204). An id Kushki no longer knows (K067,
   * 404) is let go already; any other answer, or none, throws.
   */
  async cancel(subscriptionId: string): Promise<void> {
    const path = `/subscriptions/v1/card/${encodeURIComponent(subscriptionId)}`;
    const res = await this.call(path, undefined, 'DELETE');
    await res.body?.cancel();
    if (res.status !== 204 && res.status !== 404)
      throw new Error(`Kushki no canceló la suscripción: HTTP ${res.status}`);
  }

  private call(path: string, body: unknown, method = 'POST'): Promise<Response> {
    return fetch(new URL(path, this.keys.baseUrl), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'Private-Merchant-Id': this.keys.privateMerchantId,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }
}

// Tuition and its services are IVA-exempt: all of it in subtotalIva0 (mexico.md §3.4).
const exempt = (centavos: number) => ({
  subtotalIva: 0,
  subtotalIva0: centavosToPesos(centavos),
  iva: 0,
  ice: 0,
  currency: 'MXN',
});
