import { randomUUID } from 'node:crypto';
import { z } from '@cuota/contracts/common/spanish-messages';
import type { RequestContext, Route } from './gateway-state.ts';
import { header, parseBody, sendJson } from './http-io.ts';
import {
  invalidBody,
  unknownToken,
  unsupportedCurrency,
  usedToken,
  zeroAmount,
} from './kushki-error.ts';
import { privateMerchant, publicMerchant } from './merchant-auth.ts';
import type { Merchant } from './merchants.ts';
import { centavosToPesos, pesosToCentavos } from './money.ts';
import type { SandboxPayout } from './payout-desk.ts';

/**
 * Payouts by bank transfer (SPEI to a CLABE), as community code calls Kushki's:
 * `POST /payouts/transfer/v1/tokens` then `POST /payouts/transfer/v1/init`
 * (shared/reference/mexico.md §3.8, low confidence). Every field name below, the answer and
 * the payout-status webhook's body are the sandbox's guesses, listed in the README.
 */
const payoutTokenRequest = z.object({
  name: z.string().trim().min(1, 'Falta el titular de la cuenta.').max(120),
  accountNumber: z.string().regex(/^\d{18}$/, 'La CLABE lleva 18 dígitos.'),
  accountType: z.literal('CLABE', 'En México la cuenta es una CLABE.'),
  totalAmount: z.number(),
  currency: z.string(),
});

const payoutInitRequest = z.object({
  token: z.string().min(1),
  amount: z.object({
    subtotalIva: z.number(),
    subtotalIva0: z.number(),
    iva: z.number(),
    currency: z.string(),
  }),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A CLABE whose payouts the sandbox's bank declines (valid check digit; BANAMEX). */
export const DECLINED_PAYOUT_CLABE = '002180000000000009';

function centavosOf(pesos: number, field: string): number {
  const centavos = pesosToCentavos(pesos);
  if (centavos === null)
    throw invalidBody(`${field}: debe ser un monto en pesos con hasta dos decimales.`);
  if (centavos === 0) throw zeroAmount();
  return centavos;
}

async function createPayoutToken(ctx: RequestContext): Promise<void> {
  const merchant = publicMerchant(ctx);
  const body = await parseBody(ctx.req, payoutTokenRequest);
  if (body.currency !== 'MXN') throw unsupportedCurrency();
  const token = randomUUID().replaceAll('-', '');
  ctx.state.payouts.tokens.set(token, {
    publicMerchantId: merchant.publicMerchantId,
    clabe: body.accountNumber,
    holderName: body.name,
    centavos: centavosOf(body.totalAmount, 'totalAmount'),
    used: false,
  });
  sendJson(ctx.res, 200, { token });
}

/**
 * Starts the payout (INITIALIZED); it settles later and is notified by its webhook. The same
 * Idempotency-Key answers the first payout, whatever token the retry brings.
 */
async function initPayout(ctx: RequestContext): Promise<void> {
  const merchant = privateMerchant(ctx);
  const body = await parseBody(ctx.req, payoutInitRequest);
  const idempotencyKey = header(ctx.req, 'idempotency-key');
  const key = idempotencyKey && `${merchant.merchantId}:${idempotencyKey}`;
  const first = key ? ctx.state.payouts.byKey.get(key) : undefined;
  if (first) return answerPayout(ctx, first);
  const token = ctx.state.payouts.tokens.get(body.token);
  if (!token || token.publicMerchantId !== merchant.publicMerchantId) throw unknownToken();
  if (token.used) throw usedToken();
  if (body.amount.currency !== 'MXN') throw unsupportedCurrency();
  const centavos = centavosOf(
    body.amount.subtotalIva0 + body.amount.subtotalIva + body.amount.iva,
    'amount',
  );
  if (centavos !== token.centavos) throw invalidBody('amount: no coincide con el del token.');
  token.used = true;
  const payout: SandboxPayout = {
    ticketNumber: String(Date.now()) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0'),
    merchantId: merchant.merchantId,
    clabe: token.clabe,
    holderName: token.holderName,
    centavos,
    metadata: body.metadata ?? {},
    status: 'INITIALIZED',
    created: Date.now(),
  };
  ctx.state.payouts.payouts.push(payout);
  if (key) ctx.state.payouts.byKey.set(key, payout);
  ctx.state.payouts.later(() => settle(ctx, merchant, payout));
  answerPayout(ctx, payout);
}

function answerPayout(ctx: RequestContext, payout: SandboxPayout): void {
  sendJson(ctx.res, 201, { ticketNumber: payout.ticketNumber, transactionStatus: payout.status });
}

function settle(ctx: RequestContext, merchant: Merchant, payout: SandboxPayout): void {
  payout.status = payout.clabe === DECLINED_PAYOUT_CLABE ? 'DECLINED' : 'APPROVAL';
  if (!merchant.payoutWebhookUrl) return;
  ctx.state.webhooks.notify(
    merchant,
    payout.ticketNumber,
    'PAYOUT',
    payoutStatusNotification(payout),
    0,
    merchant.payoutWebhookUrl,
  );
}

/** The payout-status webhook's body (camelCase, as Kushki's transfer notifications). */
export function payoutStatusNotification(p: SandboxPayout) {
  return {
    ticketNumber: p.ticketNumber,
    transactionType: 'PAYOUT',
    transactionStatus: p.status,
    merchantId: p.merchantId,
    amount: { subtotalIva: 0, subtotalIva0: centavosToPesos(p.centavos), iva: 0, currency: 'MXN' },
    accountNumber: p.clabe,
    metadata: p.metadata,
    created: p.created,
    ...(p.status === 'DECLINED' ? { responseText: 'Cuenta destino rechazada por el banco.' } : {}),
  };
}

/** GET /_sandbox/payouts: every payout asked for, oldest first (tests count gateway calls). */
function listPayouts(ctx: RequestContext): void {
  sendJson(ctx.res, 200, { payouts: ctx.state.payouts.payouts });
}

export const payoutRoutes: Route[] = [
  { method: 'POST', path: /^\/payouts\/transfer\/v1\/tokens$/, handle: createPayoutToken },
  { method: 'POST', path: /^\/payouts\/transfer\/v1\/init$/, handle: initPayout },
  { method: 'GET', path: /^\/_sandbox\/payouts$/, handle: listPayouts },
];
