import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import {
  generateInvoicesSchema,
  generatedInvoicesSchema,
  massiveInvoiceRetryResultSchema,
  massiveInvoiceRetrySchema,
  reEmitInvoiceSchema,
} from '../backoffice-invoicing';
import { invoiceSchema } from '@cuota/contracts/invoicing/invoices';

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

/**
 * A payment's CFDI in the family's name: its invoices made out to público en general are
 * substituted now that the family's data is valid, its failed ones stamped again.
 */
export const generateInvoices = defineEndpoint({
  name: 'invoicing.invoices.generate',
  method: 'POST',
  path: '/backoffice/invoicing/generate/',
  domain: 'invoicing',
  surface: 'internal',
  access: staffOnly('invoicing.write'),
  summary: 'Generar facturas',
  spec: 'spec',
  body: generateInvoicesSchema,
  response: generatedInvoicesSchema,
  notFound: 'No encontramos facturas de este pago.',
});

export const BACKOFFICE_INVOICING_ENDPOINTS = [
  massiveInvoiceRetry,
  reEmitInvoice,
  generateInvoices,
] as const;
