import { z } from '@cuota/contracts/common/spanish-messages';
import { amount, centavosOf } from './charges-api.ts';
import type { RequestContext, Route } from './gateway-state.ts';
import { header, parseBody, sendJson } from './http-io.ts';
import {
  KushkiError,
  transactionNotFound,
  unsupportedCurrency,
  zeroAmount,
} from './kushki-error.ts';
import { privateMerchant } from './merchant-auth.ts';
import { centavosToPesos } from './money.ts';
import type { GatewayPayin, PayinMethod } from './payin-desk.ts';

/**
 * Transfer-in (SPEI) and cash-in (voucher) as payments opens them server-side
 * (reference/mexico.md §3.6–3.7; ADR 0089): `POST /transfer/v1/init` and
 * `POST /cash/v1/charges/init`. Mexico's exact shapes are not published: the answer's
 * `clabe`, `reference`, `pin` and `expiresAt` are the sandbox's guesses (README).
 */
const HOUR_MS = 3_600_000;
const DEFAULT_LIFETIME_MS = 72 * HOUR_MS;

const initRequest = z.object({
  amount,
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** When the reference stops being payable (ms); default 72 hours from now. */
  expiresAt: z.number().int().positive().optional(),
});

function open(method: PayinMethod) {
  return async (ctx: RequestContext): Promise<void> => {
    const merchant = privateMerchant(ctx);
    const body = await parseBody(ctx.req, initRequest);
    if (body.amount.currency !== 'MXN') throw unsupportedCurrency();
    const totalCentavos = centavosOf(body.amount);
    if (totalCentavos === 0) throw zeroAmount();
    const now = ctx.state.now();
    const payin = ctx.state.gatewayPayins.open(
      {
        method,
        merchant,
        amount: { ...body.amount, ice: body.amount.ice ?? 0 },
        totalCentavos,
        metadata: body.metadata ?? {},
        expiresAt: body.expiresAt ?? now + DEFAULT_LIFETIME_MS,
      },
      now,
      header(ctx.req, 'idempotency-key'),
    );
    if (ctx.state.gatewayPayins.answersToLose > 0) {
      ctx.state.gatewayPayins.answersToLose -= 1;
      ctx.res.destroy(); // opened, but the merchant never hears: a lost answer
      return;
    }
    sendJson(ctx.res, 201, initAnswer(payin));
  };
}

function initAnswer(p: GatewayPayin) {
  return {
    ticketNumber: p.ticketNumber,
    transactionReference: p.transactionReference,
    transactionStatus: p.status,
    ...(p.method === 'transfer'
      ? { clabe: p.clabe, reference: p.reference }
      : { pin: p.reference }),
    expiresAt: p.expiresAt,
  };
}

/**
 * The webhook when the money arrives or the reference lapses: the card sale's snake_case
 * transaction record, with the method and the reference it was paid with.
 */
export function payinRecord(p: GatewayPayin) {
  const approved = p.status === 'APPROVAL';
  return {
    ticket_number: p.ticketNumber,
    transaction_reference: p.transactionReference,
    transaction_type: 'SALE' as const,
    transaction_status: p.status,
    payment_method: p.method,
    merchant_id: p.merchant.merchantId,
    metadata: p.metadata,
    currency_code: p.amount.currency,
    request_amount: centavosToPesos(p.totalCentavos),
    approved_transaction_amount: approved ? centavosToPesos(p.paidCentavos ?? p.totalCentavos) : 0,
    subtotal_iva0: centavosToPesos(p.amount.subtotalIva0),
    subtotal_iva: centavosToPesos(p.amount.subtotalIva),
    iva_value: centavosToPesos(p.amount.iva),
    ...(p.clabe ? { clabe: p.clabe } : {}),
    reference: p.reference,
    created: p.created,
    response_text: approved ? 'Pago recibido' : 'El código de pago expiró sin pagarse.',
    country: 'Mexico',
  };
}

function awaiting(ctx: RequestContext): GatewayPayin {
  const payin = ctx.state.gatewayPayins.withTicket(ctx.params[0]!);
  if (!payin) throw transactionNotFound();
  if (payin.status === 'APPROVAL')
    throw new KushkiError(409, 'K041', 'Operación no permitida: la referencia ya fue pagada.');
  return payin;
}

function settle(ctx: RequestContext, payin: GatewayPayin, status: 'APPROVAL' | 'DECLINED') {
  payin.status = status;
  ctx.state.webhooks.notify(payin.merchant, payin.ticketNumber, 'SALE', payinRecord(payin));
  sendJson(ctx.res, 200, initAnswer(payin));
}

const paying = z.object({ amount_centavos: z.number().int().positive().optional() }).default({});

/**
 * POST /_sandbox/payins/{ticket}/pay `{ amount_centavos? }`: the family transfers, or pays at
 * the store, the amount (the reference's unless another is given: a SPEI transfer of another
 * amount reaches the CLABE all the same). Refused once the reference expired.
 */
async function pay(ctx: RequestContext): Promise<void> {
  const payin = awaiting(ctx);
  const { amount_centavos } = await parseBody(ctx.req, paying);
  if (payin.status === 'DECLINED' || ctx.state.now() >= payin.expiresAt)
    throw new KushkiError(409, 'K041', 'Operación no permitida: la referencia expiró.');
  if (amount_centavos !== undefined) payin.paidCentavos = amount_centavos;
  settle(ctx, payin, 'APPROVAL');
}

/** POST /_sandbox/payins/{ticket}/expire: the reference lapses unpaid, and the merchant hears. */
function expire(ctx: RequestContext): void {
  const payin = awaiting(ctx);
  if (payin.status === 'DECLINED')
    throw new KushkiError(409, 'K041', 'Operación no permitida: la referencia ya expiró.');
  settle(ctx, payin, 'DECLINED');
}

/** GET /_sandbox/payins/{ticket}: what the sandbox knows of a reference (tests, demos). */
function show(ctx: RequestContext): void {
  const payin = ctx.state.gatewayPayins.withTicket(ctx.params[0]!);
  if (!payin) throw transactionNotFound();
  sendJson(ctx.res, 200, { ...initAnswer(payin), method: payin.method });
}

/** GET /_sandbox/payins?payment_id=: the references opened for one payment (tests). */
function listForPayment(ctx: RequestContext): void {
  const paymentId = ctx.url.searchParams.get('payment_id') ?? '';
  sendJson(ctx.res, 200, ctx.state.gatewayPayins.forPayment(paymentId).map(initAnswer));
}

const losing = z.object({ count: z.number().int().min(0).max(100) });

/** PUT /_sandbox/payins/lose-answers `{ count }`: the next inits open, but their answer is lost. */
async function loseAnswers(ctx: RequestContext): Promise<void> {
  ctx.state.gatewayPayins.answersToLose = (await parseBody(ctx.req, losing)).count;
  sendJson(ctx.res, 200, { count: ctx.state.gatewayPayins.answersToLose });
}

export const payinRoutes: Route[] = [
  { method: 'GET', path: /^\/_sandbox\/payins$/, handle: listForPayment },
  { method: 'PUT', path: /^\/_sandbox\/payins\/lose-answers$/, handle: loseAnswers },
  { method: 'POST', path: /^\/transfer\/v1\/init$/, handle: open('transfer') },
  { method: 'POST', path: /^\/cash\/v1\/charges\/init$/, handle: open('cash') },
  { method: 'POST', path: /^\/_sandbox\/payins\/(\d{18})\/pay$/, handle: pay },
  { method: 'POST', path: /^\/_sandbox\/payins\/(\d{18})\/expire$/, handle: expire },
  { method: 'GET', path: /^\/_sandbox\/payins\/(\d{18})$/, handle: show },
];
