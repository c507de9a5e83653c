import { z } from '@cuota/contracts/common/spanish-messages';
import { brandOf, cvvLength, hasExpired, passesLuhn } from './card-number.ts';
import type { RequestContext, Route } from './gateway-state.ts';
import { parseBody, sendJson } from './http-io.ts';
import {
  expiredCard,
  invalidCard,
  invalidBody,
  unsupportedBin,
  unsupportedCurrency,
  wrongCvv,
  zeroAmount,
} from './kushki-error.ts';
import { publicMerchant } from './merchant-auth.ts';
import { pesosToCentavos } from './money.ts';
import { chargeBehaviourFor, tokenRefusalFor } from './test-cards.ts';

const tokenRequest = z.object({
  card: z.object({
    name: z.string().trim().min(1, 'Falta el nombre del titular.').max(100),
    number: z.string(),
    expiryMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, 'El mes de vencimiento va de 01 a 12.'),
    expiryYear: z.string().regex(/^\d{2}$/, 'El año de vencimiento lleva dos dígitos.'),
    cvv: z.string().regex(/^\d{3,4}$/, 'El código de seguridad lleva 3 o 4 dígitos.'),
  }),
  totalAmount: z.number(),
  currency: z.string(),
});

/** POST /card/v1/tokens (Public-Merchant-Id): a one-time token for a card and an amount. */
async function createToken(ctx: RequestContext): Promise<void> {
  const merchant = publicMerchant(ctx);
  const { card, totalAmount, currency } = await parseBody(ctx.req, tokenRequest);

  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) throw invalidCard();
  const brand = brandOf(digits);
  if (!brand) throw unsupportedBin();
  if (hasExpired(Number(card.expiryMonth), Number(card.expiryYear), new Date()))
    throw expiredCard();
  if (card.cvv.length !== cvvLength(brand)) throw wrongCvv();
  const totalCentavos = pesosToCentavos(totalAmount);
  if (totalCentavos === null)
    throw invalidBody('totalAmount: debe ser un monto en pesos con hasta dos decimales.');
  if (totalCentavos === 0) throw zeroAmount();
  if (currency !== 'MXN') throw unsupportedCurrency();
  const refusal = tokenRefusalFor(digits);
  if (refusal) throw refusal;

  const { token } = ctx.state.tokens.issue({
    publicMerchantId: merchant.publicMerchantId,
    brand,
    lastFourDigits: digits.slice(-4),
    behaviour: chargeBehaviourFor(digits),
    totalCentavos,
    currency,
  });
  sendJson(ctx.res, 200, { token });
}

export const tokenRoutes: Route[] = [
  { method: 'POST', path: /^\/card\/v1\/tokens$/, handle: createToken },
];
