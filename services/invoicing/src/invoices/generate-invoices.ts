import { conflict } from '@cuota/service-runtime/http/http-error';
import type { Executor } from '@cuota/messaging/transaction';
import { reinvoice } from '../cancellations/reinvoice';
import { RFC_PUBLICO_EN_GENERAL } from '../cfdi/receptor';
import { invoiceParties } from './invoice-parties';
import { lockInvoice, requestAgain, type InvoiceRow } from './invoice-repository';

export const ALREADY_NOMINATIVE = 'Las facturas de este pago ya están a nombre de la familia.';
export const familyDataMissing = (reason: string) =>
  `La familia aún no tiene datos fiscales válidos para facturar a su nombre: ${reason}`;

/**
 * `generate` (ADR 0037): a payment's CFDI in the family's name. Each income invoice stamped
 * to público en general is substituted from today's data once the family's data makes it
 * nominative (`reinvoice`: 04, then motive 01); each failed one is stamped again; the rest
 * stand. Nothing to do is a Spanish 409 saying why.
 */
export async function generateFamilyInvoices(
  tx: Executor,
  payinInvoices: readonly InvoiceRow[],
): Promise<InvoiceRow[]> {
  const generated: InvoiceRow[] = [];
  const reasons: string[] = [];
  for (const listed of payinInvoices) {
    const row = (await lockInvoice(tx, listed.id))!;
    if (row.status === 'failed') generated.push(await requestAgain(tx, row));
    if (row.status !== 'success' || row.receptorRfc !== RFC_PUBLICO_EN_GENERAL) continue;
    const parties = await invoiceParties(tx, row);
    if (parties.receptorNote) reasons.push(parties.receptorNote);
    else generated.push(await reinvoice(tx, row));
  }
  if (generated.length) return generated;
  throw conflict(reasons.length ? familyDataMissing(reasons[0]!) : ALREADY_NOMINATIVE);
}
