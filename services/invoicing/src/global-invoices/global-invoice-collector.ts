/**
 * Closes the global invoices (ADR 0042): every held público-en-general payment whose period
 * has ended goes into its entity's global invoice of that period, which the stamping worker
 * then builds, seals and stamps like any invoice (retrying while the PAC fails). Any number
 * of collectors may run at once: the period's unique key admits one global invoice, and a
 * payment joins one only while it is held and uncollected.
 */
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { GlobalPeriodicity } from '@cuota/contracts/invoicing/global-invoice';
import type { InvoicingDb } from '../invoicing-db';
import { localDateTime } from '../cfdi/cfdi-date';
import { globalPeriodOf } from '../cfdi/global-period';
import {
  fiscalEntityById,
  type FiscalEntityRow,
} from '../fiscal-entities/fiscal-entity-repository';
import {
  collectInto,
  heldPayments,
  openGlobalInvoice,
  releaseHeld,
  type HeldPayment,
} from './global-invoice-repository';
import { globalInvoiceKey } from './global-invoice-key';
import { globalsLeftBehind } from './global-reissue-repository';
import { settleDepartures } from './reissue-global';

/** Local calendar day of an instant in the entity's time zone, `YYYY-MM-DD`. */
export function localDay(instant: Date, timeZone: string): string {
  const { year, month, day } = localDateTime(instant, timeZone);
  return `${year}-${month}-${day}`;
}

export interface ClosedPeriod {
  key: string;
  paymentIds: string[];
  latestPaidAt: Date;
}

/** The closed periods of one entity's held payments (pure): open periods wait. */
export function closedPeriodsOf(
  entityId: string,
  periodicity: GlobalPeriodicity,
  timeZone: string,
  payments: readonly HeldPayment[],
  now: Date,
): ClosedPeriod[] {
  const today = localDay(now, timeZone);
  const periods = new Map<string, ClosedPeriod>();
  for (const payment of payments) {
    const period = globalPeriodOf(periodicity, localDay(payment.paidAt, timeZone));
    if (today <= period.to) continue;
    const key = globalInvoiceKey(entityId, periodicity, period.from);
    const closed = periods.get(key) ?? { key, paymentIds: [], latestPaidAt: payment.paidAt };
    closed.paymentIds.push(payment.id);
    if (payment.paidAt > closed.latestPaidAt) closed.latestPaidAt = payment.paidAt;
    periods.set(key, closed);
  }
  return [...periods.values()];
}

export class GlobalInvoiceCollector {
  private readonly loop: WorkLoop;
  private readonly db: InvoicingDb;
  private readonly now: () => Date;

  constructor(db: InvoicingDb, logger: Logger, pollMs: number, now: () => Date = () => new Date()) {
    this.db = db;
    this.now = now;
    this.loop = new WorkLoop({
      name: 'global invoice collector',
      pass: async () => {
        await this.collect();
        return { more: false };
      },
      idleMs: pollMs,
      logger,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: answers how many payments went into a global invoice. */
  async collect(): Promise<number> {
    for (const globalId of await globalsLeftBehind(this.db))
      await this.db.transaction((tx) => settleDepartures(tx, globalId));
    const byEntity = new Map<string, HeldPayment[]>();
    for (const payment of await heldPayments(this.db))
      byEntity.set(payment.fiscalEntityId, [
        ...(byEntity.get(payment.fiscalEntityId) ?? []),
        payment,
      ]);
    let collected = 0;
    for (const [entityId, payments] of byEntity) {
      const entity = await fiscalEntityById(this.db, entityId);
      if (entity) collected += await this.collectEntity(entity, payments);
    }
    return collected;
  }

  private async collectEntity(entity: FiscalEntityRow, payments: HeldPayment[]): Promise<number> {
    const mode = entity.publicoEnGeneral;
    if (mode === 'per_payment') {
      // The school went back to one CFDI per payment: nothing waits for a global one.
      await this.db.transaction((tx) =>
        releaseHeld(
          tx,
          payments.map((p) => p.id),
        ),
      );
      return 0;
    }
    let collected = 0;
    for (const period of closedPeriodsOf(entity.id, mode, entity.timeZone, payments, this.now())) {
      collected += await this.db.transaction(async (tx) => {
        const global = await openGlobalInvoice(tx, {
          schoolId: entity.schoolId,
          entityId: entity.id,
          key: period.key,
          paidAt: period.latestPaidAt,
        });
        if (!global.sealedXml) return collectInto(tx, global, period.paymentIds);
        await releaseHeld(tx, period.paymentIds);
        return 0;
      });
    }
    return collected;
  }
}
