import { z } from '@cuota/contracts/common/spanish-messages';
import { refundableCentavos, type Charge } from './charge-ledger.ts';
import type { GatewayState, RequestContext, Route } from './gateway-state.ts';
import { header, parseBody, sendJson } from './http-io.ts';
import {
  amountDiffersFromToken,
  currencyDiffersFromToken,
  expiredToken,
  KushkiError,
  operationNotAllowed,
  processorTimeout,
  refundExceedsSale,
  transactionNotFound,
  unexpectedError,
  unknownToken,
  usedToken,
} from './kushki-error.ts';
import { reversalDetails, saleDetails, saleRecord } from './kushki-shapes.ts';
import { privateMerchant } from './merchant-auth.ts';
import { pesosToCentavos } from './money.ts';
import { stillVoidable } from './void-window.ts';

const pesos = z
  .number()
  .refine(
    (n) => pesosToCentavos(n) !== null,
    'Debe ser un monto en pesos, sin signo, con hasta dos decimales.',
  )
  .transform((n) => pesosToCentavos(n)!);

export const amount = z.object({
  subtotalIva: pesos,
  subtotalIva0: pesos,
  iva: pesos,
  ice: pesos.optional(),
  currency: z.string(),
});

const chargeRequest = z.object({
  token: z.string().min(1),
  amount,
  metadata: z.record(z.string(), z.unknown()).optional(),
  contactDetails: z.record(z.string(), z.unknown()).optional(),
  fullResponse: z.union([z.boolean(), z.string()]).optional(),
});

const reversalRequest = z
  .object({
    amount: amount.optional(),
    fullResponse: z.union([z.boolean(), z.string()]).optional(),
  })
  .optional();

export const centavosOf = (a: z.output<typeof amount>) =>
  a.subtotalIva + a.subtotalIva0 + a.iva + (a.ice ?? 0);

/** POST /card/v1/charges (Private-Merchant-Id): charges a token once, as its test card says. */
async function charge(ctx: RequestContext): Promise<void> {
  const { state, res } = ctx;
  const merchant = privateMerchant(ctx);
  const body = await parseBody(ctx.req, chargeRequest);
  const spent = state.ledger.withToken(body.token);
  if (spent)
    throw spent.publicMerchantId === merchant.publicMerchantId ? usedToken() : unknownToken();
  const found = state.tokens.find(body.token, merchant.publicMerchantId);
  if ('missing' in found) throw found.missing === 'expired' ? expiredToken() : unknownToken();
  const { token } = found;
  if (body.amount.currency !== token.currency) throw currencyDiffersFromToken();
  if (centavosOf(body.amount) !== token.totalCentavos) throw amountDiffersFromToken();

  // Spent before anything can interleave: no token is ever charged twice.
  state.tokens.spend(token.token);
  const behaviour = token.behaviour;
  const declined = behaviour.kind === 'decline';
  const sale = state.ledger.record({
    merchantId: merchant.merchantId,
    publicMerchantId: merchant.publicMerchantId,
    token: token.token,
    transactionStatus: declined ? 'DECLINED' : 'APPROVAL',
    amount: { ...body.amount, ice: body.amount.ice ?? 0 },
    totalCentavos: token.totalCentavos,
    paymentBrand: token.brand,
    lastFourDigits: token.lastFourDigits,
    responseCode: declined ? behaviour.responseCode : '000',
    responseText: declined ? behaviour.responseText : 'Transacción aprobada',
    metadata: body.metadata ?? {},
    ...(body.contactDetails ? { contactDetails: body.contactDetails } : {}),
  });
  const lateBy = behaviour.kind === 'late-webhook' ? state.lateWebhookMs : 0;
  state.webhooks.notify(merchant, sale.ticketNumber, 'SALE', saleRecord(sale), lateBy);

  if (declined)
    throw new KushkiError(400, 'K322', sale.responseText, {
      ticketNumber: sale.ticketNumber,
      details: saleDetails(sale),
    });
  if (behaviour.kind === 'server-error') throw unexpectedError();
  if (behaviour.kind === 'timeout') return answerLate(state, res, processorTimeout());
  sendJson(res, 201, {
    ticketNumber: sale.ticketNumber,
    transactionReference: sale.transactionReference,
    ...(body.fullResponse ? { details: saleDetails(sale) } : {}),
  });
}

/** Keeps the caller waiting (as a stuck processor would), unless it hangs up first. */
function answerLate(state: GatewayState, res: RequestContext['res'], error: KushkiError): void {
  const timer = setTimeout(() => sendJson(res, error.status, error), state.hangMs);
  res.on('close', () => clearTimeout(timer));
}

/**
 * DELETE /v1/charges/{ticketNumber}: cancels a whole sale. The same day before 23:00 Mexico
 * City time it is a void; later Kushki turns it into a refund. Partial voids exist only in
 * Colombia. Answered INITIALIZED; the void/refund webhook tells how it ended.
 */
async function cancel(ctx: RequestContext): Promise<void> {
  const { merchant, sale, body } = await reversalRequestOf(ctx);
  if (sale.reversals.length) throw operationNotAllowed('la venta ya tiene una devolución.');
  if (body?.amount && centavosOf(body.amount) !== sale.totalCentavos)
    throw operationNotAllowed('la anulación parcial no está disponible en México.');
  const type = stillVoidable(sale.created, ctx.state.now()) ? 'VOID' : 'REFUND';
  const reversal = ctx.state.ledger.reverse(sale, type, sale.totalCentavos);
  ctx.state.reversals.schedule(merchant, sale, reversal);
  answerReversal(ctx, sale, reversal, body?.fullResponse);
}

/**
 * DELETE /v1/refund/{ticketNumber}: refunds all that is left of a sale, or `amount` of it
 * (partial refunds exist in Mexico). The same Idempotency-Key answers the first request.
 */
async function refund(ctx: RequestContext): Promise<void> {
  const { merchant, sale, body } = await reversalRequestOf(ctx);
  const key = header(ctx.req, 'idempotency-key');
  const repeated = key ? sale.reversals.find((r) => r.idempotencyKey === key) : undefined;
  if (repeated) return answerReversal(ctx, sale, repeated, body?.fullResponse);
  const left = refundableCentavos(sale);
  if (left === 0) throw operationNotAllowed('la venta ya fue devuelta por completo.');
  const amount = body?.amount ? centavosOf(body.amount) : left;
  if (amount === 0 || amount > left) throw refundExceedsSale();
  const reversal = ctx.state.ledger.reverse(sale, 'REFUND', amount, key);
  ctx.state.reversals.schedule(merchant, sale, reversal);
  answerReversal(ctx, sale, reversal, body?.fullResponse);
}

async function reversalRequestOf(ctx: RequestContext) {
  const merchant = privateMerchant(ctx);
  const body = await parseBody(ctx.req, reversalRequest);
  const sale = ctx.state.ledger.withTicket(ctx.params[0]!, merchant.publicMerchantId);
  if (!sale) throw transactionNotFound();
  if (sale.transactionStatus !== 'APPROVAL')
    throw operationNotAllowed('la venta fue declinada, no hay nada que devolver.');
  return { merchant, sale, body };
}

function answerReversal(
  ctx: RequestContext,
  sale: Charge,
  reversal: Charge['reversals'][number],
  fullResponse: unknown,
): void {
  sendJson(ctx.res, 201, {
    ticketNumber: reversal.ticketNumber,
    transactionReference: reversal.transactionReference,
    ...(fullResponse ? { details: reversalDetails(sale, reversal) } : {}),
  });
}

export const chargeRoutes: Route[] = [
  { method: 'POST', path: /^\/card\/v1\/charges$/, handle: charge },
  { method: 'DELETE', path: /^\/v1\/charges\/(\d{1,30})$/, handle: cancel },
  { method: 'DELETE', path: /^\/v1\/refund\/(\d{1,30})$/, handle: refund },
];
