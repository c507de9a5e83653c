import path from 'node:path';
import type { ServiceConfig } from '@cuota/service-host/service-config';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import { createMailer, type Mailer } from '@cuota/service-runtime/mail/mailer';
import { studentDirectorySubscriptions } from '@cuota/student-directory/student-directory-consumer';
import * as schema from './schema';
import { cancellationHandlers } from './cancellations/cancellation-handlers';
import { satCatalogHandlers } from './catalogs/sat-catalog-handlers';
import { CancellationWorker } from './cancellations/cancellation-worker';
import {
  CREDIT_NOTE_MAIL_CONSUMER,
  creditNoteMailSubscriptions,
} from './credit-notes/credit-note-mail-consumer';
import {
  ORDER_ADJUSTMENT_CONSUMER,
  orderAdjustmentSubscriptions,
  ORDERS_ADJUSTED_CONSUMER,
  ordersAdjustedSubscriptions,
} from './credit-notes/credit-note-consumers';
import { fiscalEntityHandlers } from './fiscal-entities/fiscal-entity-handlers';
import { SchoolIssuers } from './fiscal-entities/school-issuer';
import {
  FISCAL_GUARDIAN_CONSUMER,
  fiscalGuardianSubscriptions,
} from './guardians/fiscal-guardian-consumer';
import { backofficeInvoiceHandlers } from './invoices/backoffice-invoice-handlers';
import { validateBillingHandlers } from './guardians/validate-billing-handlers';
import { verifyGuardiansHandlers } from './guardians/verify-guardians-handlers';
import {
  BILLED_ORDERS_CONSUMER,
  billedOrdersSubscriptions,
} from './invoices/invoice-billed-orders';
import { invoiceHandlers } from './invoices/invoice-handlers';
import { invoicingTodoHandlers } from './todo/invoicing-todo-handlers';
import { invoiceMailHandlers } from './invoices/invoice-mail-handlers';
import {
  INVOICE_REQUEST_CONSUMER,
  invoiceRequestSubscriptions,
} from './invoices/invoice-request-consumer';
import { StampingWorker } from './invoices/stamping-worker';
import { GlobalInvoiceCollector } from './global-invoices/global-invoice-collector';
import { stampingSettings, type InvoicingSettings } from './invoicing-settings';
import { createPacClient } from './pac/create-pac-client';
import { SecretBox } from './secrets/secret-box';
import { serveInvoicingClose } from './reports/month-close-report';

/** Durable name of invoicing's copy of enrolment's students: also its inbox key, never changes. */
const STUDENT_DIRECTORY_CONSUMER = 'invoicing-enrolment-students';

/** Resolves to services/invoicing/drizzle both from src/ (tests) and from dist/*.cjs. */
export const INVOICING_MIGRATIONS = path.resolve(__dirname, '../drizzle');

/**
 * Invoicing: one CFDI 4.0 per payment and student (ADR 0016), stamped through the PAC by a
 * worker and cancelled through it by another (ADR 0037); guardians' fiscal data and students come from enrolment's events. Without
 * settings (tests of other services' events) invoices are recorded but nobody stamps them;
 * main.ts always passes them.
 */
export function createInvoicingService(
  settings?: InvoicingSettings,
): ServiceDefinition<typeof schema> {
  const box = settings ? new SecretBox(settings.secretsKey) : null;
  const pac = settings ? createPacClient(settings.pac) : null;
  return {
    name: 'invoicing',
    schema,
    migrationsFolder: INVOICING_MIGRATIONS,
    streams: ['INVOICING'],
    endpoints: (ctx) => [
      ...verifyGuardiansHandlers(ctx.db),
      ...validateBillingHandlers(ctx.db),
      ...invoiceHandlers(ctx.db),
      ...cancellationHandlers(ctx.db, pac),
      ...backofficeInvoiceHandlers(ctx.db),
      ...fiscalEntityHandlers(ctx.db, box, ctx.config.now ?? (() => new Date())),
      ...invoiceMailHandlers(ctx.db, mailerOf(ctx.config)),
      ...satCatalogHandlers(),
      ...invoicingTodoHandlers(ctx.db, ctx.config.now ?? (() => new Date())),
    ],
    consumers: (ctx) => ({
      [FISCAL_GUARDIAN_CONSUMER]: fiscalGuardianSubscriptions(),
      [STUDENT_DIRECTORY_CONSUMER]: studentDirectorySubscriptions(),
      [INVOICE_REQUEST_CONSUMER]: invoiceRequestSubscriptions(),
      [ORDER_ADJUSTMENT_CONSUMER]: orderAdjustmentSubscriptions(),
      [ORDERS_ADJUSTED_CONSUMER]: ordersAdjustedSubscriptions(),
      [BILLED_ORDERS_CONSUMER]: billedOrdersSubscriptions(),
      [CREDIT_NOTE_MAIL_CONSUMER]: creditNoteMailSubscriptions(mailerOf(ctx.config)),
    }),
    extras: async (ctx) => {
      const monthClose = serveInvoicingClose(ctx.db, ctx.nc, ctx.ns, (err) =>
        ctx.logger.error({ err }, 'month close failed'),
      );
      if (!settings || !box || !pac) return async () => monthClose.unsubscribe();
      const issuers = new SchoolIssuers(box);
      const timings = stampingSettings(settings);
      const workers = [
        new StampingWorker(ctx.db, issuers, pac, timings, ctx.logger, ctx.config.now),
        new CancellationWorker(ctx.db, issuers, pac, timings, ctx.logger),
        new GlobalInvoiceCollector(ctx.db, ctx.logger, timings.globalPollMs, ctx.config.now),
      ];
      for (const worker of workers) worker.start();
      return async () => {
        monthClose.unsubscribe();
        await Promise.all(workers.map((worker) => worker.stop()));
      };
    },
  };
}

/** The SMTP transport invoices are e-mailed through (none without SMTP_URL and MAIL_FROM). */
function mailerOf(config: ServiceConfig): Mailer | null {
  return config.smtpUrl && config.mailFrom ? createMailer(config.smtpUrl, config.mailFrom) : null;
}

/** Read models, endpoints and recorded invoices, without a PAC. */
export const invoicingService = createInvoicingService();
