import { getInvoicingTodo } from '@cuota/contracts/invoicing/endpoints/invoicing-todo';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { fiscalEntitiesOf } from '../fiscal-entities/fiscal-entity-repository';
import { csdSummaryOf } from '../fiscal-entities/fiscal-entity-rules';
import type { InvoicingDb } from '../invoicing-db';
import { failedInvoiceCount } from '../invoices/invoice-repository';

/** Inicio's «Pendientes» from invoicing: refused invoices and the CSD to renew (ADR 0087). */
export function invoicingTodoHandlers(db: InvoicingDb, now: () => Date) {
  return [
    implement(getInvoicingTodo, async ({ params }) => {
      const [failed, entities] = await Promise.all([
        failedInvoiceCount(db, params.id),
        fiscalEntitiesOf(db, params.id),
      ]);
      return {
        failed_invoices: failed,
        csd_to_renew: entities.flatMap((row) => {
          const csd = csdSummaryOf(row.csdNoCertificado, row.csdValidTo, now());
          return csd.state === 'valid'
            ? []
            : [{ id: row.id, legal_name: row.legalName, days_left: csd.days_left }];
        }),
      };
    }),
  ];
}
