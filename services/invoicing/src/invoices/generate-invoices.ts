import { conflict } from '@cuota/service-runtime/http/http-error';
import type { Executor } from '@cuota/messaging/transaction';
import { reinvoice } from '../cancellations/reinvoice';
import { RFC_PUBLICO_EN_GENERAL } from '../cfdi/receptor';
import { invoiceParties } from './invoice-parties';
import { invoiceById, requestAgain, type InvoiceRow } from './invoice-repository';
import { lockAfterItsGlobal } from '../global-invoices/global-lock-repository';
import { leaveGlobal } from '../global-invoices/global-invoice-repository';
import { leaveStampedGlobal } from '../global-invoices/reissue-global';

export const GLOBAL_AT_THE_PAC =
  'La factura global de este periodo se está timbrando; vuelve a intentarlo en unos minutos.';
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
    const row = await lockAfterItsGlobal(tx, listed.id);
    if (row.status === 'failed') generated.push(await requestAgain(tx, row));
    // Already out of a stamped global one (another request got here first): the same answer.
    if (row.globalState === 'released' && row.globalInvoiceId && row.status !== 'failed')
      generated.push(row);
    if (row.globalState === 'held') {
      const left = await ownInvoiceOfHeld(tx, row);
      if (left.kind === 'generated') generated.push(left.row);
      else reasons.push(left.reason);
      continue;
    }
    if (row.status !== 'success' || row.receptorRfc !== RFC_PUBLICO_EN_GENERAL) continue;
    const parties = await invoiceParties(tx, row);
    if (parties.receptorNote) reasons.push(familyDataMissing(parties.receptorNote));
    else generated.push(await reinvoice(tx, row));
  }
  if (generated.length) return generated;
  throw conflict(reasons[0] ?? ALREADY_NOMINATIVE);
}

/**
 * A payment held for (or collected in) a global invoice not sealed yet leaves it and is
 * stamped on its own in the family's name (ADR 0042) — once the family's data allows it.
 */
async function ownInvoiceOfHeld(
  tx: Executor,
  row: InvoiceRow,
): Promise<{ kind: 'generated'; row: InvoiceRow } | { kind: 'refused'; reason: string }> {
  const parties = await invoiceParties(tx, row);
  if (parties.receptorNote)
    return { kind: 'refused', reason: familyDataMissing(parties.receptorNote) };
  const left = await leaveGlobal(tx, row);
  if (left === 'sealed') return { kind: 'refused', reason: GLOBAL_AT_THE_PAC };
  if (left === 'stamped')
    await leaveStampedGlobal(tx, row, (await invoiceById(tx, row.globalInvoiceId!))!);
  return { kind: 'generated', row: (await invoiceById(tx, row.id))! };
}
