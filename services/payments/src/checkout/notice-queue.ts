import { WorkLoop, type WorkPass } from '@cuota/service-runtime/db/work-loop';
import type { Executor } from '@cuota/messaging/transaction';
import { merchantOfSchool } from '../gateway/gateway-credentials-repository';
import { claimPendingSales, type PendingSale } from '../gateway/gateway-notification-repository';
import type { PaymentsDeps } from '../payments-deps';
import {
  lockPayinsWithItems,
  lockPayinWithItems,
  type LockedPayin,
} from '../payins/payin-repository';
import { settleStoreStock } from '../store-checkout/store-stock-sweep';
import { failCardPayin } from './fail-card-payin';
import { settleLockedPayin, type SettleResult } from './settle-card-payin';
import { settlingInBatch, type Settling } from './settling';
import { voidMismatchedSale } from './void-mismatched-sale';

/** Sales settled per transaction: the school's folio row and BEGIN/COMMIT once per batch. */
export const NOTICE_BATCH = 50;
/** Without a wake-up (another instance recorded it, a batch failed), the queue is looked at. */
const IDLE_MS = 5_000;

interface Settled {
  notice: PendingSale;
  result: SettleResult | null;
}

/**
 * The gateway's sales, recorded by the webhook and answered at once, settled from
 * `gateway_notifications` as from a durable queue (ADR 0111): a batch per transaction, each
 * notice taken off the queue in the transaction that settles or fails its payin, so it is
 * settled once, and a notice recorded before a crash is settled after the restart.
 * Started with the service (a pass at once, then on every wake-up); without it (a harness's
 * own deps) a wake-up drains the queue once.
 */
export class NoticeQueue {
  private loop: WorkLoop | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private readonly deps: () => PaymentsDeps;

  constructor(deps: () => PaymentsDeps) {
    this.deps = deps;
  }

  start(): void {
    const deps = this.deps();
    this.loop = new WorkLoop({
      name: 'gateway notice queue',
      pass: () => settleQueuedSales(deps),
      idleMs: IDLE_MS,
      logger: deps.logger,
    });
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop?.stop();
    this.loop = undefined;
    await this.draining;
  }

  wake(): void {
    if (this.loop) return this.loop.wake();
    this.again = true;
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
  }

  private async drain(): Promise<void> {
    while (this.again) {
      this.again = false;
      const pass = await settleQueuedSales(this.deps()).catch(() => ({ more: false }));
      this.again ||= pass.more;
    }
  }
}

/**
 * One pass: a batch settled in one transaction; if it fails, its notices one by one, so one
 * that cannot be settled now stays queued without holding the others back.
 */
export async function settleQueuedSales(
  deps: PaymentsDeps,
  limit = NOTICE_BATCH,
): Promise<WorkPass> {
  try {
    const settled = await deps.db.transaction((tx) => settleBatch(tx, limit, [], []));
    await afterCommit(deps, settled);
    return { more: settled.length === limit };
  } catch (err) {
    deps.logger.warn({ err }, 'a batch of gateway notices failed; settling them one by one');
  }
  const failed: number[] = [];
  for (let i = 0; i < limit; i++) {
    const claimed: number[] = [];
    try {
      const settled = await deps.db.transaction((tx) => settleBatch(tx, 1, failed, claimed));
      if (settled.length === 0 && claimed.length === 0) break;
      await afterCommit(deps, settled);
    } catch (err) {
      failed.push(...claimed);
      deps.logger.error({ err, notices: claimed }, 'gateway notice not settled; it stays queued');
    }
  }
  return { more: false };
}

async function settleBatch(
  tx: Executor,
  limit: number,
  skip: number[],
  claimed: number[],
): Promise<Settled[]> {
  const notices = await claimPendingSales(tx, limit, skip);
  claimed.push(...notices.map((n) => n.id));
  // The batch's payins, their students and their orders' allocations read once, its
  // postings made together (ADR 0112).
  const locked = await lockPayinsWithItems(
    tx,
    notices.map((n) => n.payinId),
  );
  const items = [...locked.values()].flatMap((l) => l.items);
  const settling = await settlingInBatch(
    tx,
    items.map((i) => i.studentId),
    items.map((i) => i.orderId),
  );
  const seen = new Set<string>();
  const settled: Settled[] = [];
  for (const notice of notices) {
    // A second notice for a payin finds it as the first one left it: written, read again.
    const payin = seen.has(notice.payinId)
      ? await settling.flush().then(() => lockPayinWithItems(tx, notice.payinId))
      : (locked.get(notice.payinId) ?? null);
    seen.add(notice.payinId);
    settled.push({ notice, result: await settleSale(tx, notice, payin, settling) });
  }
  await settling.flush();
  return settled;
}

/** Settled or failed as the gateway said, paid when the gateway's notice arrived. */
async function settleSale(
  tx: Executor,
  { sale, payinId, publicMerchantId, receivedAt }: PendingSale,
  payin: LockedPayin | null,
  settling: Settling,
) {
  if (sale.status === 'APPROVAL')
    return settleLockedPayin(tx, payin, { sale, paidAt: receivedAt, publicMerchantId }, settling);
  await failCardPayin(
    tx,
    payinId,
    { code: 'DECLINED', message: sale.responseText ?? 'La tarjeta fue declinada.' },
    publicMerchantId,
  );
  return null;
}

/** What follows a commit: a mismatched sale voided, a store sale's stock told to billing. */
async function afterCommit(deps: PaymentsDeps, settled: Settled[]) {
  for (const { notice, result } of settled) {
    if (result?.kind === 'mismatch') {
      const { schoolId, gatewayEnvironment, createdAt } = result.payin;
      const merchant =
        gatewayEnvironment &&
        (await merchantOfSchool(deps.db, deps.box, schoolId, gatewayEnvironment));
      if (merchant) await voidMismatchedSale(deps, merchant, notice.sale.ticketNumber, createdAt);
    }
    // A payin known not to be the store's has no stock to settle (one statement fewer).
    const storeless = result !== null && result.kind !== 'unknown' && !result.forStore;
    if (!storeless) await settleStoreStock(deps, notice.payinId);
  }
}
