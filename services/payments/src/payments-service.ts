import path from 'node:path';
import os from 'node:os';
import type { ServiceContext, ServiceDefinition } from '@cuota/service-host/service-host';
import * as schema from './schema';
import { bankAccountHandlers } from './bank-accounts/bank-account-handlers';
import { BillingClient } from './billing/billing-client';
import { checkoutHandlers } from './checkout/checkout-handlers';
import { NoticeQueue } from './checkout/notice-queue';
import { reconcileOptionsOf, reconcilerLoop } from './checkout/reconcile-payins';
import { cashClosingHandlers } from './cash-closing/cash-closing-handlers';
import { correctionHandlers } from './corrections/correction-handlers';
import { BILLING_CONSUMER, billingSubscriptions } from './credit/billing-consumer';
import {
  BILLING_SUBSCRIPTIONS_CONSUMER,
  billingSubscriptionSubscriptions,
} from './subscriptions/billing-subscription-consumer';
import { creditHandlers } from './credit/credit-handlers';
import { creditProfileHandlers } from './risk/credit-profile-handlers';
import { backofficePayinHandlers } from './checkout/backoffice-payin-handlers';
import { transferHandlers } from './transfers/transfer-handlers';
import { credentialHandlers } from './gateway/credential-handlers';
import { preferenceHandlers } from './preferences/preference-handlers';
import { payoutHandlers } from './payouts/payout-handlers';
import { paymentsTodoHandlers } from './todo/payments-todo-handlers';
import { deskHandlers } from './desk/desk-handlers';
import { figureHandlers } from './figures/figures-handlers';
import { SchoolGateways } from './gateway/school-gateways';
import { ledgerHandlers } from './ledger/ledger-handlers';
import type { PaymentsConfig } from './payments-config';
import type { PaymentsDeps } from './payments-deps';
import { payinHandlers } from './payins/payin-handlers';
import { payinMetrics } from './payins/payin-metrics';
import { ENROLMENT_CONSUMER, enrolmentSubscriptions } from './schools/school-consumer';
import { SecretBox } from './secrets/secret-box';
import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import { LocalDiskProofStore } from './transfers/proof-store';
import { PROOF_GRACE_MS, sweepUnusedProofs } from './transfers/sweep-unused-proofs';
import { cardSubscriptionHandlers } from './subscriptions/card-subscription-handlers';
import { cardSubscriptionLoop } from './subscriptions/card-subscription-loop';
import { storeCheckoutHandlers } from './store-checkout/store-checkout-handlers';
import { StoreStockClient } from './store-checkout/store-stock-client';
import { storeStockSweep } from './store-checkout/store-stock-sweep';
import { servePaymentsClose } from './figures/month-close-report-responder';

// Resolves to services/payments/drizzle both from src/ (tests) and from dist/*.cjs.
export const PAYMENTS_MIGRATIONS = path.resolve(__dirname, '../drizzle');

/** Payments' use cases wired to one running service's database, NATS and config. */
export function paymentsDeps(
  ctx: ServiceContext<typeof schema>,
  config: PaymentsConfig,
): PaymentsDeps {
  const box = new SecretBox(config.secretsKey);
  const deps: PaymentsDeps = {
    db: ctx.db,
    billing: new BillingClient(ctx.nc, ctx.ns),
    storeStock: new StoreStockClient(ctx.nc, ctx.ns),
    gateways: new SchoolGateways(ctx.db, box, config),
    box,
    proofs: new LocalDiskProofStore(
      config.proofDirectory ?? path.join(os.tmpdir(), 'cuota-payment-proofs'),
    ),
    config,
    logger: ctx.logger,
    now: config.now ?? ctx.config.now ?? (() => new Date()),
    notices: new NoticeQueue(() => deps),
  };
  return deps;
}

/** Hourly, the proof files no report names are forgotten (ADR 0045). */
function startProofSweep({ db, proofs, now, logger }: PaymentsDeps) {
  const loop = new WorkLoop({
    name: 'proof sweep',
    pass: async () => {
      const deleted = await sweepUnusedProofs(db, proofs, now());
      if (deleted > 0) logger.info({ deleted }, 'unused transfer proofs deleted');
      return { more: false };
    },
    idleMs: PROOF_GRACE_MS,
    logger,
  });
  loop.start();
  return loop;
}

/**
 * Payments (ADR 0016): card checkout through the gateway, its signed webhook and the
 * reconciliation job; desk payments; students' credit balances; the double-entry ledger.
 */
export function definePaymentsService(config: PaymentsConfig): ServiceDefinition<typeof schema> {
  // One set of deps per running service, shared by its endpoints, consumers and jobs.
  const depsOf = new WeakMap<object, PaymentsDeps>();
  const deps = (ctx: ServiceContext<typeof schema>) => {
    if (!depsOf.has(ctx.db)) depsOf.set(ctx.db, paymentsDeps(ctx, config));
    return depsOf.get(ctx.db)!;
  };
  return {
    name: 'payments',
    schema,
    migrationsFolder: PAYMENTS_MIGRATIONS,
    streams: ['PAYMENTS'],
    endpoints: (ctx) => [
      ...ledgerHandlers(ctx.db),
      ...checkoutHandlers(deps(ctx)),
      ...preferenceHandlers(deps(ctx)),
      ...payinHandlers(deps(ctx)),
      ...deskHandlers(deps(ctx)),
      ...correctionHandlers(deps(ctx)),
      ...cashClosingHandlers(deps(ctx)),
      ...figureHandlers(deps(ctx)),
      ...bankAccountHandlers(deps(ctx)),
      ...creditHandlers(deps(ctx)),
      ...creditProfileHandlers(deps(ctx)),
      ...backofficePayinHandlers(deps(ctx)),
      ...credentialHandlers(deps(ctx)),
      ...transferHandlers(deps(ctx)),
      ...payoutHandlers(deps(ctx)),
      ...cardSubscriptionHandlers(deps(ctx)),
      ...storeCheckoutHandlers(deps(ctx)),
      ...paymentsTodoHandlers(deps(ctx)),
    ],
    consumers: (ctx) => ({
      [ENROLMENT_CONSUMER]: enrolmentSubscriptions(),
      [BILLING_CONSUMER]: billingSubscriptions(deps(ctx).billing, deps(ctx).now),
      [BILLING_SUBSCRIPTIONS_CONSUMER]: billingSubscriptionSubscriptions(deps(ctx)),
    }),
    metrics: (ctx) => payinMetrics(ctx.metrics, ctx.db),
    extras: async (ctx) => {
      deps(ctx).notices.start();
      const reconciler = reconcilerLoop(deps(ctx), reconcileOptionsOf(config.reconciliation));
      reconciler?.start();
      const proofSweep = startProofSweep(deps(ctx));
      const cardCharges = cardSubscriptionLoop(deps(ctx));
      cardCharges.start();
      const storeStock = storeStockSweep(deps(ctx));
      storeStock.start();
      const monthClose = servePaymentsClose(ctx.db, ctx.nc, ctx.ns, (err) =>
        ctx.logger.error({ err }, 'month close failed'),
      );
      return async () => {
        monthClose.unsubscribe();
        await storeStock.stop();
        await reconciler?.stop();
        await proofSweep.stop();
        await cardCharges.stop();
        await deps(ctx).notices.stop();
      };
    },
  };
}
