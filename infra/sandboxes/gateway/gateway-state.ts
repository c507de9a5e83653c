import type http from 'node:http';
import type { ChargeLedger } from './charge-ledger.ts';
import type { MerchantRegistry } from './merchants.ts';
import type { PayinDesk } from './payin-desk.ts';
import type { PayoutDesk } from './payout-desk.ts';
import type { ReversalSettler } from './reversal-settler.ts';
import type { CardSubscription } from './card-subscription.ts';
import type { TokenVault } from './token-vault.ts';
import type { WebhookNotifier } from './webhook-notifier.ts';

/** Everything the sandbox remembers, in memory, for the life of the process. */
export interface GatewayState {
  merchants: MerchantRegistry;
  tokens: TokenVault;
  ledger: ChargeLedger;
  webhooks: WebhookNotifier;
  /** Settles voids and refunds later, with their webhook. */
  reversals: ReversalSettler;
  /** Payouts to schools' bank accounts, settled later with their webhook. */
  payouts: PayoutDesk;
  /** SPEI transfer-ins and cash vouchers waiting to be paid (ADR 0089). */
  gatewayPayins: PayinDesk;
  /** Cards kept for recurring charges (subscriptions/v1/card). */
  subscriptions: Map<string, CardSubscription>;
  /** The clock that decides whether a sale can still be voided (tests fix it). */
  now: () => number;
  /** How late the "late webhook" test card's notification leaves. */
  lateWebhookMs: number;
  /** How long the "timeout" test card keeps its caller waiting before answering 504. */
  hangMs: number;
  /** Origins allowed to frame the hosted card form and receive its tokens. */
  allowedParents: string[];
  /** The hosted form's script, compiled once at start. */
  cardFormScript: string;
}

export interface RequestContext {
  state: GatewayState;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  params: string[];
  url: URL;
}

export interface Route {
  method: string;
  path: RegExp;
  handle: (ctx: RequestContext) => void | Promise<void>;
}
