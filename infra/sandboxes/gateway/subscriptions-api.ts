import { randomUUID } from 'node:crypto';
import { z } from '@cuota/contracts/common/spanish-messages';
import { amount, centavosOf } from './charges-api.ts';
import type { RequestContext, Route } from './gateway-state.ts';
import { parseBody, sendJson } from './http-io.ts';
import {
  expiredToken,
  KushkiError,
  transactionNotFound,
  unknownToken,
  usedToken,
} from './kushki-error.ts';
import { saleDetails, saleRecord } from './kushki-shapes.ts';
import { privateMerchant } from './merchant-auth.ts';
import type { CardSubscription } from './card-subscription.ts';

const metadata = z.record(z.string(), z.unknown()).optional();

// reference/mexico.md §3.5: the create body; the plan's own amount is not charged by itself
// here (periodicity `custom`: the merchant asks for each charge).
const createRequest = z.object({
  token: z.string().min(1),
  planName: z.string().min(1),
  periodicity: z.enum([
    'daily',
    'weekly',
    'biweekly',
    'monthly',
    'quarterly',
    'halfYearly',
    'yearly',
    'custom',
  ]),
  contactDetails: z.record(z.string(), z.unknown()).optional(),
  amount,
  startDate: z.iso.date(),
  endDate: z.iso.date().optional(),
  metadata,
});

const chargeRequest = z.object({ amount, metadata, fullResponse: z.unknown().optional() });

/** POST /subscriptions/v1/card (Private-Merchant-Id): keeps the token's card; 201 its id. */
async function create(ctx: RequestContext): Promise<void> {
  const { state } = ctx;
  const merchant = privateMerchant(ctx);
  const body = await parseBody(ctx.req, createRequest);
  const kept = [...state.subscriptions.values()].some((sub) => sub.token === body.token);
  if (kept || state.ledger.withToken(body.token)) throw usedToken();
  const found = state.tokens.find(body.token, merchant.publicMerchantId);
  if ('missing' in found) throw found.missing === 'expired' ? expiredToken() : unknownToken();
  state.tokens.spend(body.token);
  const subscription: CardSubscription = {
    subscriptionId: randomUUID().replaceAll('-', '').slice(0, 20),
    publicMerchantId: merchant.publicMerchantId,
    token: body.token,
    brand: found.token.brand,
    lastFourDigits: found.token.lastFourDigits,
    behaviour: found.token.behaviour,
    metadata: body.metadata ?? {},
  };
  state.subscriptions.set(subscription.subscriptionId, subscription);
  sendJson(ctx.res, 201, {
    subscriptionId: subscription.subscriptionId,
    details: { lastFourDigits: subscription.lastFourDigits, paymentBrand: subscription.brand },
  });
}

/**
 * POST /subscriptions/v1/card/{id} (Private-Merchant-Id): an on-demand charge of the kept
 * card. Its webhook (the sale record with `subscription_id` and the subscription's metadata,
 * the charge's own on top) goes to the merchant's subscription webhook URL, else its webhook
 * URL. A declining test card declines every charge (400 K322).
 */
async function charge(ctx: RequestContext): Promise<void> {
  const { state } = ctx;
  const merchant = privateMerchant(ctx);
  const subscription = state.subscriptions.get(ctx.params[0]!);
  if (!subscription || subscription.publicMerchantId !== merchant.publicMerchantId)
    throw transactionNotFound();
  const body = await parseBody(ctx.req, chargeRequest);
  const { behaviour } = subscription;
  const declined = behaviour.kind === 'decline' ? behaviour : null;
  const sale = state.ledger.record({
    merchantId: merchant.merchantId,
    publicMerchantId: merchant.publicMerchantId,
    token: `${subscription.token}:${randomUUID()}`,
    transactionStatus: declined ? 'DECLINED' : 'APPROVAL',
    amount: { ...body.amount, ice: body.amount.ice ?? 0 },
    totalCentavos: centavosOf(body.amount),
    paymentBrand: subscription.brand,
    lastFourDigits: subscription.lastFourDigits,
    responseCode: declined ? declined.responseCode : '000',
    responseText: declined ? declined.responseText : 'Transacción aprobada',
    metadata: { ...subscription.metadata, ...body.metadata },
  });
  state.webhooks.notify(
    merchant,
    sale.ticketNumber,
    'SALE',
    { ...saleRecord(sale), subscription_id: subscription.subscriptionId },
    0,
    merchant.subscriptionWebhookUrl ?? merchant.webhookUrl,
  );
  if (declined)
    throw new KushkiError(400, 'K322', sale.responseText, {
      ticketNumber: sale.ticketNumber,
      details: saleDetails(sale),
    });
  sendJson(ctx.res, 201, {
    ticketNumber: sale.ticketNumber,
    transactionReference: sale.transactionReference,
    ...(body.fullResponse ? { details: saleDetails(sale) } : {}),
  });
}

/**
 * DELETE /subscriptions/v1/card/{id} (Private-Merchant-Id; mexico.md §3.5): the kept card is
 * let go, 204; its later charges are `K067` as an unknown id's. Another merchant's or an
 * unknown id: `K067`.
 */
function cancel(ctx: RequestContext): void {
  const { state } = ctx;
  const merchant = privateMerchant(ctx);
  const subscription = state.subscriptions.get(ctx.params[0]!);
  if (!subscription || subscription.publicMerchantId !== merchant.publicMerchantId)
    throw transactionNotFound();
  state.subscriptions.delete(subscription.subscriptionId);
  ctx.res.writeHead(204).end();
}

export const subscriptionRoutes: Route[] = [
  { method: 'POST', path: /^\/subscriptions\/v1\/card$/, handle: create },
  { method: 'POST', path: /^\/subscriptions\/v1\/card\/([A-Za-z0-9]{1,64})$/, handle: charge },
  { method: 'DELETE', path: /^\/subscriptions\/v1\/card\/([A-Za-z0-9]{1,64})$/, handle: cancel },
];
