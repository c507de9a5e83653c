/**
 * Issues the recorded invoices: builds and seals each (once), sends it to the PAC, and
 * records the stamp, the PAC's refusal, or a later retry with backoff when the PAC is down
 * or slow. Wakes when an invoice is recorded (LISTEN/NOTIFY) and polls as a safety net.
 */
import type { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { CfdiError } from '../cfdi/cfdi-error';
import { dueWorkLoop } from '../pac/due-work-loop';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import type { SchoolIssuers } from '../fiscal-entities/school-issuer';
import type { InvoicingDb } from '../invoicing-db';
import { cancelReplaced } from '../cancellations/reinvoice';
import { settleDepartures } from '../global-invoices/reissue-global';
import { buildInvoice } from './build-invoice';
import {
  INVOICES_DUE_CHANNEL,
  claimDueInvoices,
  markFailed,
  markStamped,
  nextDueAt,
  postpone,
  type InvoiceRow,
  type Lease,
} from './invoice-repository';
import type { PacClient } from '../pac/pac-client';
import type { InvoiceErrorSource } from '../schema';
import { messageForFamily, retryDelayMs } from './pac-rejection-rules';

export interface StampingSettings {
  /** First retry after this, doubling up to `retryCapMs`. */
  retryBaseMs: number;
  retryCapMs: number;
  /** Safety-net poll when no notification arrives. */
  pollMs: number;
  /** How long a claimed invoice belongs to this worker (longer than a PAC call). */
  leaseMs: number;
  batchSize: number;
  /** How often the global invoices' collector looks for closed periods (ADR 0042). */
  globalPollMs: number;
}

export const DEFAULT_STAMPING: StampingSettings = {
  retryBaseMs: 2_000,
  retryCapMs: 10 * 60_000,
  pollMs: 1_000,
  leaseMs: 120_000,
  batchSize: 8,
  globalPollMs: 60_000,
};

/** Attempts to wait for a student enrolment has not sent yet before giving up. */
const MAX_STUDENT_WAITS = 8;
export const UNKNOWN_STUDENT =
  'No tenemos los datos del alumno para facturar; revisa que esté registrado y reintenta.';

export class StampingWorker {
  private readonly loop: WorkLoop;

  private readonly db: InvoicingDb;
  private readonly issuers: SchoolIssuers;
  private readonly pac: PacClient;
  private readonly settings: StampingSettings;
  private readonly logger: Logger;
  private readonly now: () => Date;

  constructor(
    db: InvoicingDb,
    issuers: SchoolIssuers,
    pac: PacClient,
    settings: StampingSettings,
    logger: Logger,
    now: () => Date = () => new Date(),
  ) {
    this.db = db;
    this.issuers = issuers;
    this.pac = pac;
    this.settings = settings;
    this.logger = logger;
    this.now = now;
    this.loop = dueWorkLoop(db, settings, logger, {
      name: 'stamping worker',
      channel: INVOICES_DUE_CHANNEL,
      takeBatch: () => this.stampBatch(),
      nextDueAt: () => nextDueAt(db),
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  wake(): void {
    this.loop.wake();
  }

  /** Claims what is due and issues it; returns how many invoices it took. */
  async stampBatch(): Promise<number> {
    const rows = await claimDueInvoices(this.db, this.settings.batchSize, this.settings.leaseMs);
    await Promise.all(rows.map((row) => this.issue(row)));
    return rows.length;
  }

  private async issue(row: InvoiceRow): Promise<void> {
    const lease: Lease = { id: row.id, token: row.leaseToken! };
    try {
      const built = await buildInvoice(this.db, this.issuers, lease, this.now());
      switch (built.kind) {
        case 'lost':
        case 'held':
          return;
        case 'failed':
          return await this.fail(lease, { code: built.code, message: built.message });
        case 'related-pending':
          return await postpone(this.db, lease, this.delay(row.attempts));
        case 'waiting':
          return row.attempts >= MAX_STUDENT_WAITS
            ? await this.fail(lease, { code: 'ALUMNO_DESCONOCIDO', message: UNKNOWN_STUDENT })
            : await postpone(this.db, lease, this.delay(row.attempts));
        case 'sealed':
          return await this.stamp(row, lease, built.sealedXml);
      }
    } catch (err) {
      // The lease runs out and another pass takes the invoice again.
      this.logger.error({ err, invoiceId: row.id }, 'invoice could not be issued');
    }
  }

  private async stamp(row: InvoiceRow, lease: Lease, sealedXml: string): Promise<void> {
    const outcome = await this.pac.stamp(sealedXml);
    if (outcome.kind === 'rejected') {
      this.logger.info({ invoiceId: row.id, code: outcome.code }, 'the PAC refused an invoice');
      const message = messageForFamily(outcome.message);
      return this.fail(lease, { code: outcome.code, message }, 'pac');
    }
    if (outcome.kind === 'stamped' && readable(outcome.xml)) {
      const stamped = await this.db.transaction(async (tx) => {
        const row = await markStamped(tx, lease, outcome);
        // A substitute stands now: only then is the invoice it replaces cancelled (motive 01).
        if (row) await cancelReplaced(tx, row);
        return row;
      });
      // A payment that left a stamped global one has its own CFDI: the global's turn (ADR 0050).
      if (stamped?.globalState === 'released' && stamped.globalInvoiceId)
        await this.db.transaction((tx) => settleDepartures(tx, stamped.globalInvoiceId!));
      this.logger.info({ invoiceId: row.id, uuid: outcome.uuid }, 'invoice stamped');
      return;
    }
    const delay = this.delay(row.attempts);
    const reason = outcome.kind === 'unavailable' ? outcome.reason : 'timbre ilegible';
    this.logger.warn(
      { invoiceId: row.id, attempts: row.attempts, retryInMs: delay, reason },
      'the PAC did not stamp; retrying later',
    );
    await postpone(this.db, lease, delay);
  }

  private fail(
    lease: Lease,
    error: { code: string; message: string },
    source: InvoiceErrorSource = 'checks',
  ): Promise<void> {
    return this.db.transaction((tx) => markFailed(tx, lease, { ...error, source }));
  }

  private delay(attempts: number): number {
    return retryDelayMs(attempts, this.settings.retryBaseMs, this.settings.retryCapMs);
  }
}

/** A 200 whose XML is not a stamped CFDI is not a stamp: ask again rather than keep it. */
function readable(xml: string): boolean {
  try {
    parseStampedCfdi(xml);
    return true;
  } catch (error) {
    if (error instanceof CfdiError) return false;
    throw error;
  }
}
