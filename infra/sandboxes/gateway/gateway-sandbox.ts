import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChargeLedger } from './charge-ledger.ts';
import { chargeRoutes } from './charges-api.ts';
import type { GatewayState, Route } from './gateway-state.ts';
import { buildCardFormScript, cardFormRoutes } from './hosted-form/card-form-route.ts';
import { sendJson } from './http-io.ts';
import { KushkiError, notFound, unexpectedError } from './kushki-error.ts';
import { MerchantRegistry } from './merchants.ts';
import { PayinDesk } from './payin-desk.ts';
import { payinRoutes } from './payins-api.ts';
import { PayoutDesk } from './payout-desk.ts';
import { payoutRoutes } from './payouts-api.ts';
import { subscriptionRoutes } from './subscriptions-api.ts';
import { ReversalSettler, type ReversalDelays } from './reversal-settler.ts';
import { controlRoutes } from './sandbox-control.ts';
import { TokenVault } from './token-vault.ts';
import { tokenRoutes } from './tokens-api.ts';
import { transactionRoutes } from './transactions-api.ts';
import { WebhookNotifier, type WebhookOptions } from './webhook-notifier.ts';

export interface GatewaySandboxOptions {
  port: number;
  host?: string;
  /** JSON array of `{ public_merchant_id, private_merchant_id, webhook_url, webhook_signature }`. */
  merchantsFile?: string;
  /** Origins (scheme://host:port) allowed to frame the hosted card form. */
  allowedParents?: string[];
  tokenTtlMs?: number;
  lateWebhookMs?: number;
  hangMs?: number;
  webhooks?: Partial<WebhookOptions>;
  /** The clock for the same-day void window; `Date.now` unless a test fixes the hour. */
  now?: () => number;
  /** How long a void and a refund stay INITIALIZED before their approval is notified. */
  reversals?: Partial<ReversalDelays>;
  /** How long a payout stays INITIALIZED before its status is notified. */
  payoutMs?: number;
}

export interface GatewaySandbox {
  port: number;
  url: string;
  merchants: MerchantRegistry;
  stop: () => Promise<void>;
}

const ROUTES: Route[] = [
  ...tokenRoutes,
  ...chargeRoutes,
  ...transactionRoutes,
  ...payinRoutes,
  ...payoutRoutes,
  ...subscriptionRoutes,
  ...cardFormRoutes,
  ...controlRoutes,
];

/**
 * Stands in for Kushki (api-uat.kushkipagos.com) on loopback: card tokens, charges, voids,
 * refunds, the transactions list, signed webhooks and a hosted card form, all in memory, so the
 * payments service reaches the real gateway by changing only its base URL and keys.
 */
export async function startGatewaySandbox(options: GatewaySandboxOptions): Promise<GatewaySandbox> {
  const merchants = new MerchantRegistry();
  if (options.merchantsFile) await merchants.loadFile(options.merchantsFile);
  const webhooks = new WebhookNotifier({
    attempts: 4,
    retryBaseMs: 1_000,
    timeoutMs: 5_000,
    ...options.webhooks,
  });
  const state: GatewayState = {
    merchants,
    tokens: new TokenVault(options.tokenTtlMs ?? 30 * 60_000),
    ledger: new ChargeLedger(),
    webhooks,
    reversals: new ReversalSettler(
      { voidMs: 500, refundMs: 5_000, ...options.reversals },
      webhooks,
    ),
    gatewayPayins: new PayinDesk(),
    payouts: new PayoutDesk(options.payoutMs ?? 1_000),
    subscriptions: new Map(),
    now: options.now ?? Date.now,
    lateWebhookMs: options.lateWebhookMs ?? 10_000,
    hangMs: options.hangMs ?? 35_000,
    allowedParents: options.allowedParents ?? [],
    cardFormScript: await buildCardFormScript(),
  };
  const server = http.createServer((req, res) => void route(state, req, res));
  await new Promise<void>((resolve) =>
    server.listen(options.port, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    merchants,
    stop: async () => {
      state.tokens.stop();
      state.reversals.stop();
      state.payouts.stop();
      state.webhooks.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

async function route(state: GatewayState, req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://gateway');
  try {
    for (const { method, path, handle } of ROUTES) {
      const match = req.method === method ? path.exec(url.pathname) : null;
      if (match) return await handle({ state, req, res, params: match.slice(1), url });
    }
    throw notFound();
  } catch (err) {
    if (res.headersSent) return;
    if (!(err instanceof KushkiError)) console.error('gateway sandbox:', err);
    const error = err instanceof KushkiError ? err : unexpectedError();
    sendJson(res, error.status, error);
  }
}
