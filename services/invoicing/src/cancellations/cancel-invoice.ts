import type { InvoiceCancelRequest } from '@cuota/contracts/invoicing/cancellations';
import { cancelInvoice as endpoint } from '@cuota/contracts/invoicing/endpoints/invoices';
import { badRequest, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import type { InvoicingDb } from '../invoicing-db';
import { invoiceOfUuid, lockInvoice, type InvoiceRow } from '../invoices/invoice-repository';
import {
  creditNoteOf,
  creditableOf,
  recordCreditNotes,
} from '../credit-notes/credit-note-repository';
import { creditableRoom, staffCreditLines } from '../credit-notes/credit-note-rules';
import { livePaymentsOnPpd } from '../invoices/payment-complement-repository';
import { sum } from '../cfdi/build-comprobante';
import type { Executor } from '@cuota/messaging/transaction';
import { askCancellation, withdrawUnstamped } from './cancellation-repository';

export const BEING_STAMPED = 'La factura se está timbrando; intenta de nuevo en unos segundos.';
export const BAD_SUBSTITUTE =
  'El folio fiscal que la sustituye debe ser otra factura timbrada de la escuela.';
export const GLOBAL_NOT_CANCELLED =
  'Una factura global no se cancela ni se acredita sola: sus pagos quedarían sin factura. Cada familia puede pedir la suya.';
export const ONLY_STAMPED_CREDIT = 'Solo una factura timbrada admite una nota de crédito.';
export const ALREADY_CREDITED = 'Esta factura ya tiene notas de crédito por todo su importe.';
export const PPD_SETTLED =
  'Esta factura en parcialidades (PPD) ya no tiene saldo pendiente: lo pagado se devuelve con el reembolso del pago, no con una nota de crédito.';

/**
 * What staff (or an event) decided for an invoice (ADR 0037). `cancel`: a stamped invoice gets
 * one request to SAT (asking again answers the same one); one never stamped, and not being
 * stamped right now, is withdrawn without the PAC. `emit_credit_note` keeps it and issues a
 * credit note for what is left of it; `no_action` leaves it as it is.
 */
export async function cancelInvoice(
  db: InvoicingDb,
  request: InvoiceCancelRequest,
  requestedBy: string | null,
): Promise<InvoiceRow> {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, request.invoice_id);
    if (!row || row.schoolId !== request.school_id) throw notFound(endpoint.notFound);
    if (request.action === 'no_action') return row;
    if (row.document === 'global') throw conflict(GLOBAL_NOT_CANCELLED);
    if (request.action === 'emit_credit_note') {
      await emitCreditNote(tx, row);
      return row;
    }
    if (row.status === 'canceled') return row;
    if (row.status === 'pending' || row.status === 'failed') {
      if (row.leaseUntil && row.leaseUntil > new Date()) throw conflict(BEING_STAMPED);
      return withdrawUnstamped(tx, row);
    }
    if (request.substitute_uuid) {
      const substitute = await invoiceOfUuid(tx, row.schoolId, request.substitute_uuid);
      if (!substitute || substitute.id === row.id || substitute.status !== 'success')
        throw badRequest(BAD_SUBSTITUTE);
    }
    const asked = await askCancellation(tx, row, {
      motive: request.motive!,
      substituteUuid: request.substitute_uuid?.toUpperCase() ?? null,
      reason: request.reason ?? null,
      requestedBy,
    });
    return asked.invoice;
  });
}

/**
 * Staff keep the CFDI (locked by the caller, which orders it against a payment's next
 * installment) and give back what is left of it, or `amount` centavos of that: one credit
 * note, once — asking again for all is a 409, for the same amount answers the same note
 * (ADR 0051). Returns the credit note.
 */
export async function emitCreditNote(
  tx: Executor,
  row: InvoiceRow,
  amount?: number,
): Promise<InvoiceRow> {
  if (row.document !== 'invoice' || row.status !== 'success') throw conflict(ONLY_STAMPED_CREDIT);
  const cause = { kind: 'staff', id: amount ? `${row.id}:${amount}` : row.id } as const;
  const asked = amount && (await creditNoteOf(tx, cause, row.id));
  if (asked) return asked;
  const creditable = await creditableOf(tx, row);
  // A PPD invoice (no payment method): only its unpaid balance, settled by compensation (17).
  const ppd = row.method === null;
  const paid = ppd ? sum((await livePaymentsOnPpd(tx, row.id)).paid) : 0;
  const room = creditableRoom(creditable, paid);
  if (room === 0) throw conflict(ppd ? PPD_SETTLED : ALREADY_CREDITED);
  if (amount && amount > room) throw badRequest(overBalance(room));
  const lines = staffCreditLines(creditable, amount ?? room);
  await recordCreditNotes(tx, [{ cause, related: row, lines, at: new Date() }]);
  return (await creditNoteOf(tx, cause, row.id))!;
}

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

export const overBalance = (room: number) =>
  `El importe de la nota de crédito no puede ser mayor que lo que queda por acreditar de la factura: ${mxn.format(room / 100)}.`;
