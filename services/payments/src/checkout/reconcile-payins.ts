import { merchantOfSchool } from '../gateway/gateway-credentials-repository';
import type { GatewaySale } from '../gateway/kushki-gateway';
import type { PaymentsDeps } from '../payments-deps';
import { pendingCardPayins, type PayinRow } from '../payins/payin-repository';
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
 * Kill Bill's Janitor for card payins (ADR 0016): payins still pending a while after
 * checkout (a lost webhook, a crash between the charge and its answer) are looked up at the
 * gateway by ticket or by the payin id in the charge's metadata, then settled or failed
 * exactly as the webhook would. The clock and the interval are injectable.
 */
export class PayinReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: PaymentsDeps,
    private readonly options: ReconcileOptions,
  ) {}

  start(): void {
    if (this.options.intervalMs <= 0) return;
    const tick = () => {
      this.running = this.runOnce()
        .catch((err: unknown) => this.deps.logger.error({ err }, 'reconciliation failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.options.intervalMs);
        });
    };
    this.timer = setTimeout(tick, this.options.intervalMs);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async runOnce(): Promise<ReconcileReport> {
    const now = this.deps.now();
    const due = await pendingCardPayins(
      this.deps.db,
      new Date(now.getTime() - this.options.pendingAfterMs),
    );
    const report: ReconcileReport = { checked: due.length, settled: 0, failed: 0, stillPending: 0 };
    for (const payin of due) {
      try {
        report[await this.reconcile(payin, now)]++;
      } catch (err) {
        report.stillPending++;
        this.deps.logger.warn({ payinId: payin.id, err: String(err) }, 'could not reconcile payin');
      }
    }
    if (due.length) this.deps.logger.info(report, 'reconciled pending card payins');
    return report;
  }

  private async reconcile(payin: PayinRow, now: Date): Promise<keyof ReconcileReport> {
    const { deps } = this;
    const merchant = await merchantOfSchool(
      deps.db,
      deps.box,
      payin.schoolId,
      payin.gatewayEnvironment!,
    );
    if (!merchant || merchant.publicMerchantId !== payin.publicMerchantId) return 'stillPending';
    const gateway = deps.gateways.gatewayFor(merchant);
    const sales = payin.ticketNumber
      ? [await gateway.lookup(payin.ticketNumber)].filter((s): s is GatewaySale => s !== null)
      : await gateway.salesOfPayment(payin.id);
    const approved = sales.find((s) => s.status === 'APPROVAL' && !s.reversal);
    if (approved) {
      const result = await deps.db.transaction((tx) =>
        settleCardPayin(tx, payin.id, approved, now, merchant.publicMerchantId),
      );
      if (result.kind === 'mismatch') {
        await voidMismatchedSale(deps, merchant, approved.ticketNumber);
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
