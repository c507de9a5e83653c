/** Invoices as the API shows them (packages/contracts/src/invoicing/invoices.ts). */
import type { Invoice, InvoiceUrls } from '@cuota/contracts/invoicing/invoices';
import { invoicePdf, invoiceXml } from '@cuota/contracts/invoicing/endpoints/invoices';
import type { InvoiceRow } from './invoice-repository';
import type { InvoiceAnswer } from './invoice-answer-repository';
import { globalPeriodOf } from '../cfdi/global-period';
import { parseGlobalInvoiceKey } from '../global-invoices/global-invoice-key';

const errorOf = (row: InvoiceRow) =>
  row.errorCode && row.errorMessage
    ? { code: row.errorCode, message: row.errorMessage, source: row.errorSource ?? 'checks' }
    : null;

const globalStateOf = (row: InvoiceRow): Invoice['global_state'] =>
  row.globalState === 'held' && row.globalInvoiceId ? 'collected' : row.globalState;

export function invoiceView(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    school_id: row.schoolId,
    document: row.document,
    part: row.part,
    related_invoice_id: row.relatedInvoiceId,
    replaces_invoice_id: row.replacesInvoiceId,
    status: row.status,
    uuid: row.uuid,
    series: row.series,
    folio: row.folio,
    total_centavos: row.totalCentavos,
    installment: row.installment,
    receptor_rfc: row.receptorRfc,
    receptor_name: row.receptorName,
    receptor_note: row.receptorNote,
    source_id: row.sourceId,
    student_id: row.studentId,
    order_ids: row.orderIds,
    error: errorOf(row),
    cancellation_note: row.cancellationNote,
    credit_reason: row.creditReason,
    global_period: row.document === 'global' ? globalPeriodView(row.sourceId) : null,
    global_state: globalStateOf(row),
    created_at: row.createdAt.toISOString(),
    stamped_at: row.stampedAt?.toISOString() ?? null,
  };
}

/**
 * Facturas' page as JSON text, each invoice as PostgreSQL wrote it (invoice-answer-repository.ts,
 * ADR 0125) but a global invoice's period, which `globalPeriodOf` decides here.
 */
export function invoicePageJson(
  page: { page: number; page_size: number },
  count: number,
  answers: readonly InvoiceAnswer[],
): string {
  const results = answers.map(({ json, globalKey }) =>
    globalKey
      ? JSON.stringify({
          ...(JSON.parse(json) as Invoice),
          global_period: globalPeriodView(globalKey),
        })
      : json,
  );
  return `{"count":${count},"page":${page.page},"page_size":${page.page_size},"results":[${results.join(',')}]}`;
}

function globalPeriodView(key: string): Invoice['global_period'] {
  const { periodicity, from } = parseGlobalInvoiceKey(key);
  const period = globalPeriodOf(periodicity, from);
  return { periodicity, from: period.from, to: period.to };
}

const pathOf = (template: string, id: string) => template.replace('{id}', id);

function linksOf(row: InvoiceRow): InvoiceUrls['invoices'][number] {
  const stamped = row.status === 'success';
  return {
    document: row.document,
    part: row.part,
    status: row.status,
    invoice_id: row.id,
    installment: row.installment,
    uuid: row.uuid,
    xml_url: stamped ? pathOf(invoiceXml.path, row.id) : null,
    pdf_url: stamped ? pathOf(invoicePdf.path, row.id) : null,
    error: errorOf(row),
    global_state: globalStateOf(row),
  };
}

/** An order's invoices (newest first) as invoice_urls answers them. */
export function invoiceUrlsView(rows: readonly InvoiceRow[]): InvoiceUrls {
  const invoices = rows.map(linksOf);
  const income = invoices.filter((i) => i.document === 'invoice');
  if (income.length === 0)
    return {
      document: 'invoice',
      part: null,
      status: 'not_requested',
      invoice_id: null,
      installment: null,
      uuid: null,
      xml_url: null,
      pdf_url: null,
      error: null,
      global_state: null,
      invoices,
    };
  const shown = income.find((i) => i.status === 'success') ?? income[0]!;
  return { ...shown, status: invoices.length > 1 ? 'multiple' : shown.status, invoices };
}

/** "factura-A-1024" (or the UUID when there is no folio). */
export function invoiceFileName(row: InvoiceRow, extension: 'xml' | 'pdf'): string {
  const name = row.series && row.folio ? `${row.series}-${row.folio}` : (row.uuid ?? row.id);
  return `${row.document === 'payment' ? 'complemento-de-pago' : 'factura'}-${name}.${extension}`;
}
