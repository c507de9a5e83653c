import { z } from '@cuota/contracts/common/spanish-messages';
import type { Charge, ReversalType } from './charge-ledger.ts';
import type { GatewayState, RequestContext, Route } from './gateway-state.ts';
import { parseBody, sendJson } from './http-io.ts';
import {
  amountDiffersFromSale,
  amountDiffersFromToken,
  currencyDiffersFromToken,
  expiredToken,
  KushkiError,
  operationNotAllowed,
  processorTimeout,
  transactionNotFound,
  unexpectedError,
  unknownToken,
  usedToken,
} from './kushki-error.ts';
import {
  reversalNotification,
  reversalView,
  saleDetails,
  saleNotification,
} from './kushki-shapes.ts';
import { privateMerchant } from './merchant-auth.ts';
import { pesosToCentavos } from './money.ts';

const pesos = z
  .number()
  .refine(
    (n) => pesosToCentavos(n) !== null,
    'Debe ser un monto en pesos, sin signo, con hasta dos decimales.',
  )
  .transform((n) => pesosToCentavos(n)!);

const amount = z.object({
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

const centavosOf = (a: z.output<typeof amount>) =>
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
  state.webhooks.notify(merchant, sale.ticketNumber, saleNotification(sale), lateBy);

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

function reversal(transactionType: ReversalType) {
  return async (ctx: RequestContext): Promise<void> => {
    const merchant = privateMerchant(ctx);
    const body = await parseBody(ctx.req, reversalRequest);
    const sale = ctx.state.ledger.withTicket(ctx.params[0]!, merchant.publicMerchantId);
    if (!sale) throw transactionNotFound();
    refuseReversal(sale);
    if (body?.amount && centavosOf(body.amount) !== sale.totalCentavos)
      throw amountDiffersFromSale();
    const done = ctx.state.ledger.reverse(sale, transactionType);
    ctx.state.webhooks.notify(merchant, sale.ticketNumber, reversalNotification(sale, done));
    sendJson(ctx.res, 200, {
      ticketNumber: done.ticketNumber,
      transactionReference: done.transactionReference,
      ...(body?.fullResponse
        ? {
            details: {
              ...reversalView(done),
              transactionStatus: 'APPROVAL',
              saleTicketNumber: sale.ticketNumber,
            },
          }
        : {}),
    });
  };
}

function refuseReversal(sale: Charge): void {
  if (sale.transactionStatus !== 'APPROVAL')
    throw operationNotAllowed('la venta fue declinada, no hay nada que devolver.');
  if (sale.reversal?.transactionType === 'VOID')
    throw operationNotAllowed('la venta ya fue anulada.');
  if (sale.reversal) throw operationNotAllowed('la venta ya fue reembolsada.');
}

export const chargeRoutes: Route[] = [
  { method: 'POST', path: /^\/card\/v1\/charges$/, handle: charge },
  { method: 'DELETE', path: /^\/v1\/charges\/(\d{1,30})$/, handle: reversal('VOID') },
  { method: 'DELETE', path: /^\/v1\/refund\/(\d{1,30})$/, handle: reversal('REFUND') },
];
