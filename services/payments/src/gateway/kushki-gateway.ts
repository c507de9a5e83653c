import { z } from 'zod';
import { centavosToPesos } from './kushki-money';
import {
  parseChargeDetails,
  saleOfRecord,
  type GatewayReversal,
  type GatewaySale,
} from './kushki-shapes';
import {
  LIST_PAGE_SIZE,
  reversalOfRecord,
  transactionRecordsOf,
  transactionsListPath,
} from './kushki-unverified';
import {
  REFERENCE_PATHS,
  referenceOfAnswer,
  type PayinReference,
  type ReferenceMethod,
} from './kushki-payin-reference';
import { gatewayRequest, type GatewayAnswer } from './gateway-http';
import { voidableUntil } from './void-window';

export type { GatewaySale, GatewayReversal } from './kushki-shapes';

/** Where and as whom the adapter talks to Kushki (the school's merchant). */
export interface MerchantKeys {
  baseUrl: string;
  publicMerchantId: string;
  privateMerchantId: string;
}

export type ChargeOutcome =
  | { kind: 'approved'; sale: GatewaySale }
  /** Nothing was charged: a decline or a refusal, with Kushki's code and Spanish reason. */
  | { kind: 'declined'; code: string; message: string; ticketNumber: string | null }
  /** No answer, or a 5xx: the charge may or may not exist (reconciliation finds out). */
  | { kind: 'unknown'; reason: string };

/**
 * A void or refund Kushki took (INITIALIZED: its webhook says how it ended), or refused.
 * A 5xx or no answer throws: a refund is then retried with the same Idempotency-Key.
 */
export type ReversalOutcome =
  | { kind: 'started'; ticketNumber: string; transactionReference: string | null }
  | { kind: 'refused'; code: string; message: string };

/** What the transactions list says of a merchant's window: its sales and their reversals. */
export interface TransactionsWindow {
  sales: GatewaySale[];
  reversals: GatewayReversal[];
}

const refusalSchema = z.object({
  code: z.string(),
  message: z.string(),
  ticketNumber: z.string().optional(),
});
const chargeAnswerSchema = z.object({
  ticketNumber: z.string(),
  transactionReference: z.string().nullish(),
  details: z.record(z.string(), z.unknown()).optional(),
});
const reversalAnswerSchema = z.object({
  ticketNumber: z.string(),
  transactionReference: z.string().nullish(),
});

/** Kushki's answer for bad merchant credentials: the family sees the school's problem, not the code. */
const MERCHANT_REFUSED =
  'La escuela no tiene configurado el cobro con tarjeta. Avísale a la escuela o paga en caja.';
const REFERENCES_REFUSED =
  'La escuela no tiene configurados los pagos por transferencia o en efectivo. Avísale a la escuela o paga en caja.';
const VOID_WINDOW_CLOSED = {
  kind: 'refused',
  code: 'VOID_WINDOW_CLOSED',
  message: 'Solo se puede anular el mismo día del pago, antes de las 23:00. Haz una devolución.',
} as const;
// A day of a school's sales fits in a few pages; more means the window is wrong.
const MAX_LIST_PAGES = 20;

/**
 * The gateway answers the same payout for the same key: a payout's first execution keeps the
 * key it always had (`payout:<id>`), a later one (after a decline) adds its number.
 */
const payoutKey = (of: { kind: string; id: string; execution?: number }) =>
  `${of.kind}:${of.id}${(of.execution ?? 1) > 1 ? `:${of.execution}` : ''}`;

/**
 * Kushki's REST API as payments uses it (ADR 0030, infra/sandboxes/gateway/README.md).
 * Tokens are made in the browser (Kushki's hosted fields, or the sandbox's form); the server
 * charges, voids, refunds and lists transactions with the Private-Merchant-Id. Where it
 * points is configuration only: the sandbox and production differ by base URL and keys.
 * Nothing here logs: the private merchant id travels only in the request header.
 */
export class KushkiGateway {
  private readonly keys: MerchantKeys;
  private readonly timeoutMs: number;

  constructor(keys: MerchantKeys, timeoutMs = 30_000) {
    this.keys = keys;
    this.timeoutMs = timeoutMs;
  }

  async charge(input: {
    token: string;
    amountCentavos: number;
    paymentId: string;
  }): Promise<ChargeOutcome> {
    let res: GatewayAnswer;
    try {
      res = await this.call('POST', '/card/v1/charges', {
        token: input.token,
        // Tuition is IVA-exempt: the whole amount goes in subtotalIva0 (mexico.md §3.4).
        amount: this.exempt(input.amountCentavos),
        metadata: { payment_id: input.paymentId },
        fullResponse: true,
      });
    } catch (err) {
      return { kind: 'unknown', reason: describe(err) };
    }
    const body = await res.json().catch(() => undefined);
    if (res.status >= 500) return { kind: 'unknown', reason: `HTTP ${res.status}` };
    if (res.ok) return this.approved(body);
    const refusal = refusalSchema.safeParse(body);
    if (!refusal.success) return { kind: 'unknown', reason: `HTTP ${res.status} ilegible` };
    const { code, message, ticketNumber } = refusal.data;
    return {
      kind: 'declined',
      code,
      message: code === 'K004' ? MERCHANT_REFUSED : message,
      ticketNumber: ticketNumber ?? null,
    };
  }

  private approved(body: unknown): ChargeOutcome {
    const answer = chargeAnswerSchema.safeParse(body);
    if (!answer.success) return { kind: 'unknown', reason: 'respuesta de cargo ilegible' };
    const sale = parseChargeDetails({
      transactionStatus: 'APPROVAL',
      ...answer.data.details,
      ticketNumber: answer.data.ticketNumber,
      transactionReference: answer.data.transactionReference,
    });
    return sale ? { kind: 'approved', sale } : { kind: 'unknown', reason: 'venta ilegible' };
  }

  /**
   * Voids (anula) a whole sale: only the day it was made, before 23:00 Mexico City time
   * (`DELETE /v1/charges/{ticket}`; partial voids exist only in Colombia). Later it refuses
   * without asking Kushki, which would turn the void into a refund on its own.
   */
  async voidSale(ticketNumber: string, saleCreatedAt: Date, now: Date): Promise<ReversalOutcome> {
    if (now >= voidableUntil(saleCreatedAt)) return VOID_WINDOW_CLOSED;
    const res = await this.call('DELETE', `/v1/charges/${encodeURIComponent(ticketNumber)}`, {
      fullResponse: true,
    });
    return this.reversalAnswer(res, 'la anulación');
  }

  /**
   * Refunds (devuelve) `amountCentavos` of a sale, or all of it (`DELETE /v1/refund/{ticket}`;
   * partial refunds exist in Mexico). Kushki settles it in days and notifies it by webhook.
   */
  async refund(input: {
    ticketNumber: string;
    amountCentavos?: number;
    idempotencyKey: string;
  }): Promise<ReversalOutcome> {
    const res = await this.call(
      'DELETE',
      `/v1/refund/${encodeURIComponent(input.ticketNumber)}`,
      {
        fullResponse: true,
        ...(input.amountCentavos === undefined
          ? {}
          : { amount: this.exempt(input.amountCentavos) }),
      },
      { 'Idempotency-Key': input.idempotencyKey },
    );
    return this.reversalAnswer(res, 'la devolución');
  }

  private async reversalAnswer(res: GatewayAnswer, what: string): Promise<ReversalOutcome> {
    const body = await res.json().catch(() => undefined);
    if (res.status >= 500) throw new Error(`Kushki no respondió ${what}: HTTP ${res.status}`);
    const started = reversalAnswerSchema.safeParse(body);
    if (res.ok && started.success)
      return {
        kind: 'started',
        ticketNumber: started.data.ticketNumber,
        transactionReference: started.data.transactionReference ?? null,
      };
    const refusal = refusalSchema.safeParse(body);
    if (!refusal.success) throw new Error(`Kushki respondió ${what} ilegible: HTTP ${res.status}`);
    return { kind: 'refused', code: refusal.data.code, message: refusal.data.message };
  }

  /** The merchant's sales and reversals made between `from` and `to` (the transactions list). */
  async transactionsBetween(from: Date, to: Date): Promise<TransactionsWindow> {
    const window: TransactionsWindow = { sales: [], reversals: [] };
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const res = await this.call('GET', transactionsListPath(from, to, page * LIST_PAGE_SIZE));
      if (!res.ok)
        throw new Error(`Kushki no respondió la lista de transacciones: HTTP ${res.status}`);
      const records = transactionRecordsOf(await res.json());
      if (!records) throw new Error('Kushki respondió una lista de transacciones ilegible');
      for (const record of records) {
        const reversal = reversalOfRecord(record);
        if (reversal) window.reversals.push(reversal);
        else if (record.transaction_type === 'SALE') window.sales.push(saleOfRecord(record));
      }
      if (records.length < LIST_PAGE_SIZE) return window;
    }
    throw new Error('La lista de transacciones de Kushki no terminó');
  }

  /**
   * A payout by SPEI to a CLABE (ADR 0043): a token for the account and amount, then its
   * init with the private key. Paths from community code (mexico.md §3.8); bodies and answer
   * are guesses (kushki-payout.ts, the sandbox README). Started: INITIALIZED, its webhook
   * says how it ended. A 5xx or no answer throws: the payout may or may not exist.
   */
  async payout(input: {
    clabe: string;
    holderName: string;
    amountCentavos: number;
    /**
     * What it pays out: a school's payout, or a SPEI/cash refund to a bank (ADR 0110). A
     * payout's second execution (after a decline) is a new transfer: its own key.
     */
    of: { kind: 'payout' | 'reversal'; id: string; execution?: number };
  }): Promise<ReversalOutcome> {
    const tokenRes = await this.call(
      'POST',
      '/payouts/transfer/v1/tokens',
      {
        name: input.holderName,
        accountNumber: input.clabe,
        accountType: 'CLABE',
        totalAmount: centavosToPesos(input.amountCentavos),
        currency: 'MXN',
      },
      { 'Public-Merchant-Id': this.keys.publicMerchantId },
    );
    if (tokenRes.status >= 500) throw new Error(`token de dispersión: HTTP ${tokenRes.status}`);
    const tokenBody: unknown = await tokenRes.json().catch(() => null);
    const token = z.object({ token: z.string() }).safeParse(tokenBody);
    if (!tokenRes.ok || !token.success) {
      const refusal = refusalSchema.safeParse(tokenBody);
      if (!refusal.success)
        throw new Error(`token de dispersión ilegible: HTTP ${tokenRes.status}`);
      return { kind: 'refused', code: refusal.data.code, message: refusal.data.message };
    }
    const res = await this.call(
      'POST',
      '/payouts/transfer/v1/init',
      {
        token: token.data.token,
        amount: this.exempt(input.amountCentavos),
        metadata: { [`${input.of.kind}_id`]: input.of.id },
      },
      { 'Idempotency-Key': payoutKey(input.of) },
    );
    return this.reversalAnswer(res, 'dispersión');
  }

  /**
   * Opens a SPEI transfer-in or a cash voucher for a pending payin (ADR 0089), its id in the
   * metadata as a charge's. Refused (4xx): Kushki's Spanish reason; 5xx or no answer throws.
   * Keyed by the payin (ADR 0099): asking again after a lost answer gets the same reference.
   */
  async openReference(input: {
    method: ReferenceMethod;
    amountCentavos: number;
    paymentId: string;
  }): Promise<PayinReference | { refused: string }> {
    const res = await this.call(
      'POST',
      REFERENCE_PATHS[input.method],
      { amount: this.exempt(input.amountCentavos), metadata: { payment_id: input.paymentId } },
      { 'Idempotency-Key': `payin:${input.paymentId}` },
    );
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status >= 500) throw new Error(`Kushki no abrió la referencia: HTTP ${res.status}`);
    const refusal = refusalSchema.safeParse(body);
    if (!res.ok && refusal.success)
      return { refused: refusal.data.code === 'K004' ? REFERENCES_REFUSED : refusal.data.message };
    const reference = res.ok ? referenceOfAnswer(input.method, body) : null;
    if (!reference) throw new Error(`Kushki respondió la referencia ilegible: HTTP ${res.status}`);
    return reference;
  }

  private exempt(centavos: number) {
    const pesos = centavosToPesos(centavos);
    return { subtotalIva: 0, subtotalIva0: pesos, iva: 0, ice: 0, currency: 'MXN' };
  }

  private call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<GatewayAnswer> {
    return gatewayRequest(new URL(path, this.keys.baseUrl), {
      method,
      headers: {
        'content-type': 'application/json',
        'Private-Merchant-Id': this.keys.privateMerchantId,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: this.timeoutMs,
    });
  }
}

// The error's name and message only: a fetch error can carry the request, headers included.
const describe = (err: unknown) =>
  err instanceof Error ? `${err.name}: ${err.message}` : 'error desconocido';
