import { z } from '@cuota/contracts/common/spanish-messages';
import type { RequestContext, Route } from './gateway-state.ts';
import { parseBody, sendJson } from './http-io.ts';
import { KushkiError } from './kushki-error.ts';
import { isMerchantId, merchantRegistration } from './merchants.ts';
import { NORMAL_BEHAVIOUR } from './webhook-notifier.ts';

/** PUT /_sandbox/merchants/{publicId}: registers (or replaces) a merchant's keys and webhook. */
async function registerMerchant(ctx: RequestContext): Promise<void> {
  const publicId = ctx.params[0]!;
  if (!isMerchantId(publicId))
    throw new KushkiError(400, 'K001', 'El Public-Merchant-Id solo admite letras, dígitos, - y _.');
  const registration = await parseBody(ctx.req, merchantRegistration);
  const merchant = ctx.state.merchants.register(publicId, registration);
  if (!merchant)
    throw new KushkiError(409, 'K001', 'Ese Private-Merchant-Id ya pertenece a otro comercio.');
  sendJson(ctx.res, 200, {
    merchant_id: merchant.merchantId,
    public_merchant_id: merchant.publicMerchantId,
    private_merchant_id: merchant.privateMerchantId,
    webhook_url: merchant.webhookUrl,
  });
}

const behaviourRequest = z.object({
  delay_ms: z.number().int().min(0).max(600_000).default(NORMAL_BEHAVIOUR.delay_ms),
  duplicates: z.number().int().min(0).max(10).default(NORMAL_BEHAVIOUR.duplicates),
  hold: z.boolean().default(NORMAL_BEHAVIOUR.hold),
});

/** PUT /_sandbox/behaviour: how the next webhooks leave; what is left out goes back to normal. */
async function setBehaviour(ctx: RequestContext): Promise<void> {
  const behaviour = await parseBody(ctx.req, behaviourRequest.default({ ...NORMAL_BEHAVIOUR }));
  ctx.state.webhooks.setBehaviour(behaviour);
  sendJson(ctx.res, 200, behaviour);
}

function showBehaviour(ctx: RequestContext): void {
  sendJson(ctx.res, 200, ctx.state.webhooks.currentBehaviour);
}

/** GET /_sandbox/webhooks[?ticketNumber=…]: every delivery attempt and its HTTP result. */
function listDeliveries(ctx: RequestContext): void {
  const ticket = ctx.url.searchParams.get('ticketNumber') ?? undefined;
  sendJson(ctx.res, 200, ctx.state.webhooks.deliveries(ticket));
}

/** POST /_sandbox/webhooks/{ticketNumber}/replay: sends a sale's last notification again. */
function replay(ctx: RequestContext): void {
  const ticket = ctx.params[0]!;
  if (!ctx.state.webhooks.replay(ticket))
    throw new KushkiError(404, 'K067', 'Esa transacción no tiene notificaciones que reenviar.');
  sendJson(ctx.res, 202, { replayed: ticket });
}

const backdating = z.object({ created: z.number().int().min(0) });

/**
 * PUT /_sandbox/charges/{ticketNumber}/created `{ created }` (ms): moves a sale into the past,
 * so a cancellation of it is a refund instead of a same-day void.
 */
async function backdate(ctx: RequestContext): Promise<void> {
  const sale = ctx.state.ledger.withTicket(ctx.params[0]!);
  if (!sale) throw new KushkiError(404, 'K067', 'Transacción no existe');
  sale.created = (await parseBody(ctx.req, backdating)).created;
  sendJson(ctx.res, 200, { ticketNumber: sale.ticketNumber, created: sale.created });
}

export const controlRoutes: Route[] = [
  { method: 'PUT', path: /^\/_sandbox\/charges\/(\d{1,30})\/created$/, handle: backdate },
  { method: 'PUT', path: /^\/_sandbox\/merchants\/([^/]+)$/, handle: registerMerchant },
  { method: 'PUT', path: /^\/_sandbox\/behaviour$/, handle: setBehaviour },
  { method: 'GET', path: /^\/_sandbox\/behaviour$/, handle: showBehaviour },
  { method: 'GET', path: /^\/_sandbox\/webhooks$/, handle: listDeliveries },
  { method: 'POST', path: /^\/_sandbox\/webhooks\/(\d{1,30})\/replay$/, handle: replay },
];
