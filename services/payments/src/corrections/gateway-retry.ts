import { claimGatewayRetry, type ReversalRow } from './reversal-repository';
import type { PaymentsDeps } from '../payments-deps';

export const GATEWAY_SILENT =
  'La pasarela no respondió. Intenta de nuevo en un momento: el reembolso no se hará dos veces.';
// A retry asks the gateway again only once the last ask surely timed out.
const RETRY_AFTER_MS = 60_000;

/**
 * The request that made a reversal asks the gateway (a card refund, a payout to a bank); a
 * retry with its key asks again only when the last ask got no answer and surely timed out (one
 * retry claims it).
 */
export async function mayAskGateway(deps: PaymentsDeps, row: ReversalRow, replayed: boolean) {
  if (!replayed) return true;
  const askedBefore = new Date(deps.now().getTime() - RETRY_AFTER_MS);
  return claimGatewayRetry(deps.db, row.id, askedBefore, deps.now());
}
