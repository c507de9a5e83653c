import {
  merchantOfSchool,
  type MerchantCredentials,
} from '../gateway/gateway-credentials-repository';
import type { GatewaySale, TransactionsWindow } from '../gateway/kushki-gateway';
import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { PaymentsDeps } from '../payments-deps';
import { pendingCardPayins, type PayinRow, type PendingScope } from '../payins/payin-repository';
import { failCardPayin } from './fail-card-payin';
import { settleCardPayin } from './settle-card-payin';
import { voidMismatchedSale } from './void-mismatched-sale';

export interface ReconcileOptions {
  intervalMs: number;
  pendingAfterMs: number;
  abandonAfterMs: number;
}

export const DEFAULT_RECONCILE: ReconcileOptions = {
  intervalMs: 60_000,
  pendingAfterMs: 2 * 60_000,
  // The card token lives 30 minutes: after that, a charge the gateway never saw cannot come.
  abandonAfterMs: 35 * 60_000,
};

/** The defaults with what the service's config sets (tests shorten the clock's windows). */
export function reconcileOptionsOf(given: Partial<ReconcileOptions> = {}): ReconcileOptions {
  const set = Object.entries(given).filter(([, v]) => v !== undefined);
  return { ...DEFAULT_RECONCILE, ...Object.fromEntries(set) };
}

export interface ReconcileReport {
  checked: number;
  settled: number;
  failed: number;
  stillPending: number;
}

const ABANDONED = {
  code: 'ABANDONED',
  message: 'El pago no se completó: la pasarela no registró el cargo. Intenta de nuevo.',
};

/**
 * Kill Bill's Janitor for card payins (ADR 0016, 0030): payins still pending a while after
 * checkout (a lost webhook, a crash between the charge and its answer) are found in Kushki's
 * transactions list — its only documented lookup — by the payin id in the charge's metadata
 * or by ticket, one list per merchant, then settled or failed exactly as the webhook would.
 * The clock is injectable; `reconcilerLoop` runs it in the background.
 */
export class PayinReconciler {
  private readonly deps: PaymentsDeps;
  private readonly options: ReconcileOptions;

  constructor(deps: PaymentsDeps, options: ReconcileOptions) {
    this.deps = deps;
    this.options = options;
  }

  /**
   * One pass. With a scope (an operator's sync) every pending payin of it is checked now,
   * however young: the operator asked, and a settled one is settled once either way.
   */
  async runOnce(scope?: PendingScope): Promise<ReconcileReport> {
    const now = this.deps.now();
    const before = scope ? now : new Date(now.getTime() - this.options.pendingAfterMs);
    const due = await pendingCardPayins(this.deps.db, before, scope);
    const report: ReconcileReport = { checked: due.length, settled: 0, failed: 0, stillPending: 0 };
    for (const payins of byMerchant(due)) await this.reconcileMerchant(payins, now, report);
    if (due.length) this.deps.logger.info(report, 'reconciled pending card payins');
    return report;
  }

  /** One transactions list for the merchant's pending payins, from the oldest one to now. */
  private async reconcileMerchant(payins: PayinRow[], now: Date, report: ReconcileReport) {
    const { deps } = this;
    const { schoolId, gatewayEnvironment } = payins[0]!;
    const merchant = await merchantOfSchool(deps.db, deps.box, schoolId, gatewayEnvironment!);
    let window: TransactionsWindow | null = null;
    try {
      const oldest = new Date(Math.min(...payins.map((p) => p.createdAt.getTime())));
      if (merchant)
        window = await deps.gateways.gatewayFor(merchant).transactionsBetween(oldest, now);
    } catch (err) {
      deps.logger.warn({ schoolId, err: String(err) }, 'could not list gateway transactions');
    }
    for (const payin of payins) {
      if (!merchant || !window || merchant.publicMerchantId !== payin.publicMerchantId) {
        report.stillPending++;
        continue;
      }
      try {
        report[await this.reconcile(payin, merchant, window, now)]++;
      } catch (err) {
        report.stillPending++;
        deps.logger.warn({ payinId: payin.id, err: String(err) }, 'could not reconcile payin');
      }
    }
  }

  private async reconcile(
    payin: PayinRow,
    merchant: MerchantCredentials,
    window: TransactionsWindow,
    now: Date,
  ): Promise<keyof ReconcileReport> {
    const { deps } = this;
    const sales = window.sales.filter(
      (s) => s.paymentId === payin.id || s.ticketNumber === payin.ticketNumber,
    );
    const reversed = (s: GatewaySale) =>
      window.reversals.some((r) => r.saleTicketNumber === s.ticketNumber);
    const approved = sales.find((s) => s.status === 'APPROVAL' && !reversed(s));
    if (approved) {
      const result = await deps.db.transaction((tx) =>
        settleCardPayin(tx, payin.id, approved, now, merchant.publicMerchantId),
      );
      if (result.kind === 'mismatch') {
        await voidMismatchedSale(deps, merchant, approved.ticketNumber, payin.createdAt);
        return 'failed';
      }
      return 'settled';
    }
    const declined = sales.find((s) => s.status === 'DECLINED');
    const abandoned = now.getTime() - payin.createdAt.getTime() > this.options.abandonAfterMs;
    if (!declined && !abandoned) return 'stillPending';
    const error = declined
      ? { code: 'DECLINED', message: declined.responseText ?? 'La tarjeta fue declinada.' }
      : ABANDONED;
    await deps.db.transaction((tx) =>
      failCardPayin(tx, payin.id, error, merchant.publicMerchantId),
    );
    return 'failed';
  }
}

/** Pending payins grouped by the merchant (school and environment) that charged them. */
function byMerchant(payins: PayinRow[]): PayinRow[][] {
  const groups = new Map<string, PayinRow[]>();
  for (const payin of payins) {
    const key = `${payin.schoolId}:${payin.gatewayEnvironment}`;
    groups.set(key, [...(groups.get(key) ?? []), payin]);
  }
  return [...groups.values()];
}

/**
 * The reconciler as a background worker (WorkLoop, like every other one): a pass at start,
 * then one per interval or whenever `wake()` is called. None when the interval is 0 (tests).
 */
export function reconcilerLoop(deps: PaymentsDeps, options: ReconcileOptions): WorkLoop | null {
  if (options.intervalMs <= 0) return null;
  const reconciler = new PayinReconciler(deps, options);
  return new WorkLoop({
    name: 'payin reconciliation',
    pass: async () => {
      await reconciler.runOnce();
      return { more: false };
    },
    idleMs: options.intervalMs,
    logger: deps.logger,
  });
}
