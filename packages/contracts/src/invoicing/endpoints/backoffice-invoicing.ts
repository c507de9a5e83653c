import { staffOnly } from '../../access/access';
import { defineEndpoint } from '../../http/endpoint';
import {
  massiveInvoiceRetryResultSchema,
  massiveInvoiceRetrySchema,
  reEmitInvoiceSchema,
} from '../backoffice-invoicing';
import { invoiceSchema } from '../invoices';

/** The school's failed invoices (or those named) stamped again (ADR 0037 "backoffice rows"). */
export const massiveInvoiceRetry = defineEndpoint({
  name: 'invoicing.invoices.massive-retry',
  method: 'POST',
  path: '/backoffice/massive_invoice_retry/',
  domain: 'invoicing',
  surface: 'internal',
  access: staffOnly('invoicing.write'),
  summary: 'Reintentar el timbrado de una factura',
  spec: 'spec',
  body: massiveInvoiceRetrySchema,
  response: massiveInvoiceRetryResultSchema,
});

/**
 * One invoice issued again: a stamped income invoice's substitute (motive 01), or a failed
 * one rebuilt; answers the document that will be stamped.
 */
export const reEmitInvoice = defineEndpoint({
  name: 'invoicing.invoices.re-emit',
  method: 'POST',
  path: '/backoffice/invoicing/re-emit/',
  domain: 'invoicing',
  surface: 'internal',
  access: staffOnly('invoicing.write'),
  summary: 'Reemitir una factura',
  spec: 'spec',
  body: reEmitInvoiceSchema,
  response: invoiceSchema,
  notFound: 'No encontramos esta factura.',
});

export const BACKOFFICE_INVOICING_ENDPOINTS = [massiveInvoiceRetry, reEmitInvoice] as const;
