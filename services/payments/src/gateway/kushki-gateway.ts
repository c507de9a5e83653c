import { z } from 'zod';
import { centavosToPesos, pesosToCentavos } from './kushki-money';

/** Where and as whom the adapter talks to Kushki (the school's merchant). */
export interface MerchantKeys {
  baseUrl: string;
  publicMerchantId: string;
  privateMerchantId: string;
}

/** A sale as Kushki describes it (charge answer, lookup, search, webhook). */
export interface GatewaySale {
  ticketNumber: string;
  transactionReference: string | null;
  status: string;
  /** What was charged: the approved amount, or the requested one when declined. */
  amountCentavos: number;
  brand: string | null;
  last4: string | null;
  paymentId: string | null;
  responseText: string | null;
  /** VOID or REFUND when the sale was reversed. */
  reversal: string | null;
}

export type ChargeOutcome =
  | { kind: 'approved'; sale: GatewaySale }
  /** Nothing was charged: a decline or a refusal, with Kushki's code and Spanish reason. */
  | { kind: 'declined'; code: string; message: string; ticketNumber: string | null }
  /** No answer, or a 5xx: the charge may or may not exist (reconciliation finds out). */
  | { kind: 'unknown'; reason: string };

const pesos = z.number().transform((n, ctx) => {
  const centavos = pesosToCentavos(n);
  if (centavos === null) {
    ctx.addIssue({ code: 'custom', message: 'monto inválido' });
    return z.NEVER;
  }
  return centavos;
});

const saleSchema = z
  .object({
    ticketNumber: z.string(),
    transactionReference: z.string().nullish(),
    transactionStatus: z.string(),
    approvedTransactionAmount: pesos.optional(),
    requestAmount: pesos.optional(),
    paymentBrand: z.string().nullish(),
    lastFourDigits: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    responseText: z.string().nullish(),
    reversal: z.object({ transactionType: z.string() }).nullish(),
  })
  .transform((s): GatewaySale => ({
    ticketNumber: s.ticketNumber,
    transactionReference: s.transactionReference ?? null,
    status: s.transactionStatus,
    amountCentavos:
      s.transactionStatus === 'APPROVAL'
        ? (s.approvedTransactionAmount ?? s.requestAmount ?? 0)
        : (s.requestAmount ?? 0),
    brand: s.paymentBrand ?? null,
    last4: s.lastFourDigits ?? null,
    paymentId: typeof s.metadata?.payment_id === 'string' ? s.metadata.payment_id : null,
    responseText: s.responseText ?? null,
    reversal: s.reversal?.transactionType ?? null,
  }));

/** A sale as the webhook body carries it: the same fields, ticket and details flattened. */
export function parseGatewaySale(value: unknown): GatewaySale | null {
  const parsed = saleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const refusalSchema = z.object({
  code: z.string(),
  message: z.string(),
  ticketNumber: z.string().optional(),
});
const chargeAnswerSchema = z.object({
  ticketNumber: z.string(),
  transactionReference: z.string().nullish(),
  details: z.unknown(),
});
const searchAnswerSchema = z.object({ data: z.array(z.unknown()) });

/** Kushki's answer for bad merchant credentials: the family sees the school's problem, not the code. */
const MERCHANT_REFUSED =
  'La escuela no tiene configurado el cobro con tarjeta. Avísale a la escuela o paga en caja.';

/**
 * Kushki's REST API as payments uses it (mexico.md §3, infra/sandboxes/gateway/README.md).
 * Tokens are made by the hosted form in the browser; the server charges, voids and looks up
 * transactions with the Private-Merchant-Id. Where it points is configuration only: the
 * sandbox and production differ by base URL and keys. Nothing here logs: the private
 * merchant id travels only in the request header.
 */
export class KushkiGateway {
  constructor(
    private readonly keys: MerchantKeys,
    private readonly timeoutMs = 30_000,
  ) {}

  async charge(input: {
    token: string;
    amountCentavos: number;
    paymentId: string;
  }): Promise<ChargeOutcome> {
    let res: Response;
    try {
      res = await this.call('POST', '/card/v1/charges', {
        token: input.token,
        // Tuition is IVA-exempt: the whole amount goes in subtotalIva0 (mexico.md §3.4).
        amount: {
          subtotalIva: 0,
          subtotalIva0: centavosToPesos(input.amountCentavos),
          iva: 0,
          ice: 0,
          currency: 'MXN',
        },
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
    const details = (answer.data.details ?? {}) as Record<string, unknown>;
    const sale = parseGatewaySale({
      transactionStatus: 'APPROVAL',
      ...details,
      ticketNumber: answer.data.ticketNumber,
      transactionReference: answer.data.transactionReference,
    });
    return sale ? { kind: 'approved', sale } : { kind: 'unknown', reason: 'venta ilegible' };
  }

  /** Voids (anula) a whole sale; false when Kushki refuses (already reversed, declined…). */
  async voidCharge(ticketNumber: string): Promise<boolean> {
    const res = await this.call('DELETE', `/v1/charges/${encodeURIComponent(ticketNumber)}`, {
      fullResponse: true,
    });
    await res.body?.cancel();
    if (res.status >= 500) throw new Error(`Kushki no anuló la venta: HTTP ${res.status}`);
    return res.ok;
  }

  /** One sale by its ticket number; null when Kushki does not know it. */
  async lookup(ticketNumber: string): Promise<GatewaySale | null> {
    const res = await this.call('GET', `/v1/charges/${encodeURIComponent(ticketNumber)}`);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw new Error(`Kushki no respondió la consulta: HTTP ${res.status}`);
    return parseGatewaySale(await res.json());
  }

  /** The merchant's sales carrying this payin's id in their metadata, newest first. */
  async salesOfPayment(paymentId: string): Promise<GatewaySale[]> {
    const res = await this.call('POST', '/analytics/v1/transactions-list', {
      metadata: { payment_id: paymentId },
      limit: 10,
    });
    if (!res.ok) throw new Error(`Kushki no respondió la búsqueda: HTTP ${res.status}`);
    const answer = searchAnswerSchema.parse(await res.json());
    return answer.data.map(parseGatewaySale).filter((s): s is GatewaySale => s !== null);
  }

  private call(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(new URL(path, this.keys.baseUrl), {
      method,
      headers: {
        'content-type': 'application/json',
        'Private-Merchant-Id': this.keys.privateMerchantId,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }
}

// The error's name and message only: a fetch error can carry the request, headers included.
const describe = (err: unknown) =>
  err instanceof Error ? `${err.name}: ${err.message}` : 'error desconocido';
