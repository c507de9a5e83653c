import { z } from '@cuota/contracts/common/spanish-messages';
import type { RequestContext, Route } from './gateway-state.ts';
import { parseBody, sendJson } from './http-io.ts';
import { transactionNotFound } from './kushki-error.ts';
import { transactionView } from './kushki-shapes.ts';
import { privateMerchant } from './merchant-auth.ts';

/** GET /v1/charges/{ticketNumber} (Private-Merchant-Id): one sale, for reconciliation. */
function lookup(ctx: RequestContext): void {
  const merchant = privateMerchant(ctx);
  const sale = ctx.state.ledger.withTicket(ctx.params[0]!, merchant.publicMerchantId);
  if (!sale) throw transactionNotFound();
  sendJson(ctx.res, 200, transactionView(sale));
}

const searchRequest = z.object({
  token: z.string().min(1).optional(),
  ticketNumber: z.string().min(1).optional(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  limit: z.number().int().min(1).max(100).default(20),
});

/**
 * POST /analytics/v1/transactions-list (Private-Merchant-Id): the merchant's sales matching
 * a token, a ticket number, metadata values and/or a time window (ms), newest first.
 */
async function search(ctx: RequestContext): Promise<void> {
  const merchant = privateMerchant(ctx);
  const criteria = await parseBody(ctx.req, searchRequest);
  const { total, data } = ctx.state.ledger.search(merchant.publicMerchantId, criteria);
  sendJson(ctx.res, 200, { total, data: data.map(transactionView) });
}

export const transactionRoutes: Route[] = [
  { method: 'GET', path: /^\/v1\/charges\/(\d{1,30})$/, handle: lookup },
  { method: 'POST', path: /^\/analytics\/v1\/transactions-list$/, handle: search },
];
