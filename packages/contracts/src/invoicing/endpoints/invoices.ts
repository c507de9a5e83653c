import { pageSchema } from '@cuota/contracts/common/pagination';
import { familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { invoiceCancelRequestSchema, invoiceCancellabilitySchema } from '../cancellations';
import {
  creditNoteRequestSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceUrlsSchema,
  invoiceZipQuerySchema,
  sendInvoiceEmailSchema,
  sentInvoiceEmailSchema,
  sentPayinInvoicesSchema,
} from '@cuota/contracts/invoicing/invoices';

const UNKNOWN_INVOICE = 'No encontramos esta factura.';

export const invoiceUrls = defineEndpoint({
  name: 'invoicing.invoices.urls',
  method: 'GET',
  path: '/api/v1/students/{student}/orders/{order}/invoice_urls/',
  domain: 'invoicing',
  surface: 'portal',
  access: familyOrStaff('invoicing.read'),
  summary: 'Estado de la factura de una orden y las ligas de su XML y PDF',
  spec: 'spec',
  params: uuidParams('student', 'order'),
  response: invoiceUrlsSchema,
  notFound: 'No encontramos esta orden.',
});

const download = {
  domain: 'invoicing',
  surface: 'portal',
  access: familyOrStaff('invoicing.read'),
  spec: { capability: 'Descargar el CFDI timbrado (XML) y su representación impresa (PDF).' },
  params: uuidParams('id'),
  notFound: UNKNOWN_INVOICE,
} as const;

export const invoiceXml = defineEndpoint({
  ...download,
  name: 'invoicing.invoices.xml',
  method: 'GET',
  path: '/api/v1/invoices/{id}/xml/',
  summary: 'XML timbrado de la factura',
  produces: 'xml',
});

export const invoicePdf = defineEndpoint({
  ...download,
  name: 'invoicing.invoices.pdf',
  method: 'GET',
  path: '/api/v1/invoices/{id}/pdf/',
  summary: 'Representación impresa de la factura (PDF)',
  produces: 'pdf',
});

export const listInvoices = defineEndpoint({
  name: 'invoicing.invoices.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/invoices/',
  domain: 'invoicing',
  surface: 'dashboard',
  access: staffOnly('invoicing.read'),
  summary: 'Facturas de la escuela con su estatus',
  spec: 'spec',
  params: uuidParams('id'),
  query: invoiceListQuerySchema,
  response: pageSchema(invoiceSchema),
});

export const retryInvoice = defineEndpoint({
  name: 'invoicing.invoices.retry',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/invoices/{invoice}/retry/',
  domain: 'invoicing',
  surface: 'dashboard',
  access: staffOnly('invoicing.write'),
  summary: 'Reintentar el timbrado de una factura que falló',
  spec: 'spec',
  params: uuidParams('id', 'invoice'),
  response: invoiceSchema,
  notFound: UNKNOWN_INVOICE,
});

/**
 * The spec's backoffice cancel, called by the school's own staff from Facturas (ADR 0037: no
 * dashboard cancel path is printed). The school is in the body; another school's invoice is
 * a 404. Answers the invoice as it is after the request («En cancelación» while SAT works).
 */
export const cancelInvoice = defineEndpoint({
  name: 'invoicing.invoices.cancel',
  method: 'POST',
  path: '/backoffice/invoicing/cancel/',
  domain: 'invoicing',
  surface: 'internal',
  access: staffOnly('invoicing.write'),
  summary: 'Cancelar una factura ante el SAT (o dejarla vigente)',
  spec: 'spec',
  body: invoiceCancelRequestSchema,
  response: invoiceSchema,
  notFound: UNKNOWN_INVOICE,
});

/**
 * SAT's consulta of a stamped invoice before staff cancel it (ADR 0090): whether SAT cancels
 * it at once, asks the receptor first, or refuses while related CFDI are vigente.
 */
export const invoiceCancellability = defineEndpoint({
  name: 'invoicing.invoices.cancellability',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/invoices/{invoice}/cancellability/',
  domain: 'invoicing',
  surface: 'dashboard',
  access: staffOnly('invoicing.write'),
  summary: 'Consultar al SAT si la factura es cancelable con o sin aceptación del receptor',
  spec: {
    capability:
      'La especificación pide mostrar «cancelable con/sin aceptación» antes de cancelar (issue 19).',
  },
  params: uuidParams('id', 'invoice'),
  response: invoiceCancellabilitySchema,
  notFound: UNKNOWN_INVOICE,
});

/**
 * E-mails a stamped invoice (or credit note) with its XML and PDF attached to its billing
 * guardian, or to the address staff type (ADR 0037 "delivery").
 */
export const sendInvoiceEmail = defineEndpoint({
  name: 'invoicing.invoices.send-email',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/invoices/{invoice}/send_email/',
  domain: 'invoicing',
  surface: 'dashboard',
  access: staffOnly('invoicing.write'),
  summary: 'Enviar una factura por correo con su XML y PDF',
  spec: 'spec',
  params: uuidParams('id', 'invoice'),
  body: sendInvoiceEmailSchema,
  response: sentInvoiceEmailSchema,
  notFound: UNKNOWN_INVOICE,
});

/**
 * A payment's stamped invoices, each e-mailed with its XML and PDF: a family to its own
 * address, staff to each invoice's billing guardian.
 */
export const sendPayinInvoices = defineEndpoint({
  name: 'invoicing.payins.send-invoices',
  method: 'POST',
  path: '/api/v1/schools/{school}/payins/{payin}/send_invoices_to_email/',
  domain: 'invoicing',
  surface: 'portal',
  access: familyOrStaff('invoicing.write'),
  summary: 'Enviar por correo las facturas de un pago, con su XML y PDF',
  spec: 'spec',
  params: uuidParams('school', 'payin'),
  response: sentPayinInvoicesSchema,
  notFound: 'No encontramos facturas de este pago.',
});

/**
 * Keeps a stamped income invoice and issues a credit note (E, TipoRelacion 01) for what no
 * credit note has given back yet, or for `amount_centavos` of it (ADR 0037, 0051); answers the
 * credit note, `pending` until stamped. A note for part takes an `Idempotency-Key` (ADR 0058).
 */
export const emitCreditNote = defineEndpoint({
  name: 'invoicing.invoices.credit-note',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/invoices/{invoice}/credit_note/',
  domain: 'invoicing',
  surface: 'dashboard',
  access: staffOnly('invoicing.write'),
  summary: 'Emitir una nota de crédito por lo que queda de una factura timbrada',
  spec: 'spec',
  params: uuidParams('id', 'invoice'),
  body: creditNoteRequestSchema,
  idempotencyKey: 'optional',
  response: invoiceSchema,
  notFound: UNKNOWN_INVOICE,
});

/**
 * Issues a stamped income invoice again from today's data (the family's corrected fiscal
 * data) as its substitute (TipoRelacion 04); once stamped, SAT is asked to cancel the old one
 * with motive 01 naming it (ADR 0037). Answers the substitute, `pending` until stamped.
 */
export const reinvoice = defineEndpoint({
  name: 'invoicing.invoices.reinvoice',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/invoices/{invoice}/reinvoice/',
  domain: 'invoicing',
  surface: 'dashboard',
  access: staffOnly('invoicing.write'),
  summary: 'Refacturar: sustituir una factura timbrada por otra con los datos corregidos',
  spec: 'spec',
  params: uuidParams('id', 'invoice'),
  response: invoiceSchema,
  notFound: UNKNOWN_INVOICE,
});

/**
 * The stamped invoices the list's filters match (up to INVOICE_ZIP_MAX), each as its XML and
 * its PDF, in one ZIP.
 */
export const invoicesZip = defineEndpoint({
  name: 'invoicing.invoices.zip',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/invoices/zip/',
  domain: 'invoicing',
  surface: 'dashboard',
  access: staffOnly('invoicing.read'),
  summary: 'Descargar en ZIP el XML y el PDF de las facturas timbradas filtradas',
  spec: 'spec',
  params: uuidParams('id'),
  query: invoiceZipQuerySchema,
  produces: 'zip',
});

export const INVOICE_ENDPOINTS = [
  invoiceUrls,
  invoiceXml,
  invoicePdf,
  listInvoices,
  retryInvoice,
  cancelInvoice,
  invoiceCancellability,
  sendInvoiceEmail,
  sendPayinInvoices,
  emitCreditNote,
  reinvoice,
  invoicesZip,
] as const;
