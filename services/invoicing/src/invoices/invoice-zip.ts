import { zipArchive } from '@cuota/documents/zip-archive';
import { renderCfdiPdf } from '../cfdi/cfdi-pdf';
import type { InvoiceRow } from './invoice-repository';
import { invoiceFileName } from './invoice-view';

/** Each stamped invoice as its XML and its PDF («factura-A-12.xml», «factura-A-12.pdf»). */
export async function invoicesZip(rows: readonly (InvoiceRow & { stampedXml: string })[]) {
  const entries = [];
  // One at a time: drawing PDFs is CPU work, and this machine serves other requests too.
  for (const row of rows) {
    entries.push({ name: invoiceFileName(row, 'xml'), data: Buffer.from(row.stampedXml, 'utf8') });
    entries.push({ name: invoiceFileName(row, 'pdf'), data: await renderCfdiPdf(row.stampedXml) });
  }
  return zipArchive(entries);
}
