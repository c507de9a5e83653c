/**
 * Carries each cancellation request to SAT through the PAC, once, and follows it until SAT
 * says how it ended (ADR 0037): cancelled at once, or "en proceso" until the receptor accepts,
 * rejects or stays silent. Wakes on a commit's NOTIFY and polls as a safety net.
 */
import type { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { CfdiError } from '../cfdi/cfdi-error';
import { dueWorkLoop } from '../pac/due-work-loop';
import type { SchoolIssuers } from '../fiscal-entities/school-issuer';
import { fiscalEntityById, fiscalEntityOf } from '../fiscal-entities/fiscal-entity-repository';
import type { InvoicingDb } from '../invoicing-db';
import { NO_FISCAL_ENTITY } from '../invoices/build-invoice';
import { invoiceById, type InvoiceRow } from '../invoices/invoice-repository';
import { retryDelayMs } from '../invoices/pac-rejection-rules';
import type { StampingSettings } from '../invoices/stamping-worker';
import type { CancelOutcome, PacClient, StatusOutcome } from '../pac/pac-client';
import {
  CANCELLATIONS_DUE_CHANNEL,
  claimDueCancellations,
  markInProcess,
  nextCancellationDueAt,
  postponeCancellation,
  settleCancellation,
  type CancellationEnd,
  type CancellationLease,
  type CancellationRow,
} from './cancellation-repository';
import { cfdiFieldsOf, endOfStatus, refusalNote, waitingNote } from './cancellation-rules';

export class CancellationWorker {
  private readonly loop: WorkLoop;

  private readonly db: InvoicingDb;
  private readonly issuers: SchoolIssuers;
  private readonly pac: PacClient;
  private readonly settings: StampingSettings;
  private readonly logger: Logger;

  constructor(
    db: InvoicingDb,
    issuers: SchoolIssuers,
    pac: PacClient,
    settings: StampingSettings,
    logger: Logger,
  ) {
    this.db = db;
    this.issuers = issuers;
    this.pac = pac;
    this.settings = settings;
    this.logger = logger;
    this.loop = dueWorkLoop(db, settings, logger, {
      name: 'cancellation worker',
      channel: CANCELLATIONS_DUE_CHANNEL,
      takeBatch: () => this.passOnce(),
      nextDueAt: () => nextCancellationDueAt(db),
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Takes what is due and moves each request one step; returns how many it took. */
  async passOnce(): Promise<number> {
    const rows = await claimDueCancellations(
      this.db,
      this.settings.batchSize,
      this.settings.leaseMs,
    );
    await Promise.all(rows.map((row) => this.step(row)));
    return rows.length;
  }

  private async step(row: CancellationRow): Promise<void> {
    const lease: CancellationLease = { id: row.id, token: row.leaseToken! };
    try {
      const invoice = (await invoiceById(this.db, row.invoiceId))!;
      if (row.state === 'requested') await this.send(row, invoice, lease);
      else await this.follow(invoice, lease);
    } catch (err) {
      if (err instanceof CfdiError)
        return void (await this.end(lease, {
          state: 'refused',
          note: err.message,
          error: { code: err.code, message: err.message },
        }));
      // The lease runs out and another pass takes the request again.
      this.logger.error({ err, cancellationId: row.id }, 'cancellation could not be sent');
    }
  }

  /** The one request to the PAC (a retry only when it did not answer). */
  private async send(row: CancellationRow, invoice: InvoiceRow, lease: CancellationLease) {
    // The CSD of the entity that issued it signs its cancellation.
    const entity = invoice.fiscalEntityId
      ? await fiscalEntityById(this.db, invoice.fiscalEntityId)
      : await fiscalEntityOf(this.db, invoice.schoolId);
    if (!entity) {
      const error = { code: 'SIN_DATOS_FISCALES', message: NO_FISCAL_ENTITY };
      return this.end(lease, { state: 'refused', note: NO_FISCAL_ENTITY, error });
    }
    const cfdi = cfdiFieldsOf(invoice);
    const outcome: CancelOutcome = await this.pac.cancel({
      uuid: cfdi.uuid,
      issuerRfc: cfdi.issuerRfc,
      motive: row.motive,
      substituteUuid: row.substituteUuid ?? undefined,
      csd: this.issuers.credentialsOf(entity).files,
    });
    this.logger.info({ invoiceId: invoice.id, outcome: outcome.kind }, 'cancellation sent');
    if (outcome.kind === 'unavailable')
      return postponeCancellation(this.db, lease, this.delay(row.attempts));
    if (outcome.kind === 'refused')
      return this.end(lease, {
        state: 'refused',
        note: refusalNote(outcome),
        error: { code: outcome.code, message: outcome.message },
      });
    const sat = { folioStatus: outcome.folioStatus, acuse: outcome.acuse };
    const status = await this.pac.status(cfdi);
    const end = endOfStatus(status);
    if (end) return this.end(lease, end.state === 'canceled' ? { ...end, sat } : end);
    return this.wait(lease, sat, status);
  }

  /** SAT has the request: has the receptor answered (or let the delay pass)? */
  private async follow(invoice: InvoiceRow, lease: CancellationLease) {
    const status: StatusOutcome = await this.pac.status(cfdiFieldsOf(invoice));
    const end = endOfStatus(status);
    if (end) return this.end(lease, end);
    return this.wait(lease, null, status);
  }

  /** Not over yet: asked again later, saying when SAT waits for the receptor. */
  private async wait(
    lease: CancellationLease,
    sat: { folioStatus: string; acuse: string } | null,
    status: StatusOutcome,
  ): Promise<void> {
    const note = waitingNote(status);
    await this.db.transaction((tx) =>
      markInProcess(tx, lease, sat, note, this.settings.retryCapMs),
    );
  }

  private async end(lease: CancellationLease, end: CancellationEnd): Promise<void> {
    await this.db.transaction((tx) => settleCancellation(tx, lease, end));
  }

  private delay(attempts: number): number {
    return retryDelayMs(attempts, this.settings.retryBaseMs, this.settings.retryCapMs);
  }
}
