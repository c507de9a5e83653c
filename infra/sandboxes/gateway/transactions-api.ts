import { z } from '@cuota/contracts/common/spanish-messages';
import type { RequestContext, Route } from './gateway-state.ts';
import { parseValue, sendJson } from './http-io.ts';
import { reversalRecord, saleRecord } from './kushki-shapes.ts';
import { privateMerchant } from './merchant-auth.ts';

// Integrations send `from`/`to` as `2022-09-01T13:39:00.836`: no zone, read here as UTC.
const instant = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/,
    'Fecha con formato AAAA-MM-DDThh:mm:ss.',
  )
  .transform((text) => Date.parse(`${text}Z`))
  .refine((ms) => Number.isFinite(ms), 'Fecha inválida.');

const listQuery = z.object({
  from: instant,
  to: instant,
  limit: z.coerce.number().int().min(1).max(600).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/**
 * GET /analytics/v1/transactions-list?from&to (Private-Merchant-Id): the merchant's sales and
 * their voids and refunds made in the window, newest first, as Kushki's transaction records.
 * The path, header and `from`/`to` are what integrations send; the answer's envelope, `limit`
 * and `offset` are the sandbox's guess (README "Fidelity").
 */
function list(ctx: RequestContext): void {
  const merchant = privateMerchant(ctx);
  const query = parseValue(listQuery, Object.fromEntries(ctx.url.searchParams));
  const { total, rows } = ctx.state.ledger.between(merchant.publicMerchantId, query);
  sendJson(ctx.res, 200, {
    total,
    data: rows.map(({ charge, reversal }) =>
      reversal ? reversalRecord(charge, reversal) : saleRecord(charge),
    ),
  });
}

export const transactionRoutes: Route[] = [
  { method: 'GET', path: /^\/analytics\/v1\/transactions-list$/, handle: list },
];
