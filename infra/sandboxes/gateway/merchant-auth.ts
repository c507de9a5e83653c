import type { RequestContext } from './gateway-state.ts';
import { header } from './http-io.ts';
import { invalidMerchant } from './kushki-error.ts';
import type { Merchant } from './merchants.ts';

/** The merchant whose Public-Merchant-Id (browser-side key) came with the request. */
export function publicMerchant({ state, req }: RequestContext): Merchant {
  const merchant = state.merchants.withPublicId(header(req, 'public-merchant-id'));
  if (!merchant) throw invalidMerchant();
  return merchant;
}

/** The merchant whose Private-Merchant-Id (server-side key) came with the request. */
export function privateMerchant({ state, req }: RequestContext): Merchant {
  const merchant = state.merchants.withPrivateId(header(req, 'private-merchant-id'));
  if (!merchant) throw invalidMerchant();
  return merchant;
}
