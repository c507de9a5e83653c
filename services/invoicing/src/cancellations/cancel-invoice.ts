import type { InvoiceCancelRequest } from '@cuota/contracts/invoicing/cancellations';
import { creditNoteOverBalance } from '@cuota/contracts/invoicing/invoices';
import { cancelInvoice as endpoint } from '@cuota/contracts/invoicing/endpoints/invoices';
import { HttpError, badRequest, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import type { Keyed } from '@cuota/service-runtime/http/endpoint-handlers';
import { keyReusedError } from '@cuota/service-runtime/idempotency/same-request';
import type { InvoicingDb } from '../invoicing-db';
import { invoiceOfUuid, lockInvoice, type InvoiceRow } from '../invoices/invoice-repository';
import {
  creditNoteOf,
  creditableOf,
  recordCreditNotes,
} from '../credit-notes/credit-note-repository';
import { creditableRoom, staffCreditLines } from '../credit-notes/credit-note-rules';
import { livePaymentsOnPpds } from '../invoices/payment-complement-repository';
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
export const KEY_FOR_PART =
  'Una nota de crédito por una parte necesita el encabezado Idempotency-Key: cada intento de la misma nota lleva la misma clave.';
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

/** What staff ask for in Facturas (ADR 0058): part of what is left, why, under which key. */
export interface CreditNoteAsk {
  amount?: number;
  reason?: string;
  /** The request's Idempotency-Key: a retry answers the note it made. */
  key?: string;
}

/**
 * Staff keep the CFDI (locked by the caller, which orders it against a payment's next
 * installment) and give back what is left of it, or `amount` centavos of that: one credit
 * note per request. A note is keyed by the request's Idempotency-Key (ADR 0058): the same key
 * answers the same note, the same key for another amount is a 422, two keys are two notes.
 * Without a key, only all that is left (once by nature: then nothing is) — a part needs one.
 */
export async function emitCreditNote(
  tx: Executor,
  row: InvoiceRow,
  ask: CreditNoteAsk = {},
): Promise<Keyed<InvoiceRow>> {
  if (row.document !== 'invoice' || row.status !== 'success') throw conflict(ONLY_STAMPED_CREDIT);
  if (ask.amount && !ask.key) throw badRequest(KEY_FOR_PART);
  const cause = { kind: 'staff', id: ask.key ? `${row.id}:${ask.key}` : row.id } as const;
  const asked = ask.key && (await creditNoteOf(tx, cause, row.id));
  if (asked) {
    if (ask.amount && asked.totalCentavos !== ask.amount) throw keyReusedError();
    return { answer: asked, replayed: true };
  }
  const creditable = await creditableOf(tx, row);
  // A PPD invoice (no payment method): only its unpaid balance, settled by compensation (17).
  const ppd = row.method === null;
  const paid = ppd ? sum((await livePaymentsOnPpds(tx, [row.id])).get(row.id)?.paid ?? []) : 0;
  const room = creditableRoom(creditable, paid);
  if (room === 0) throw conflict(ppd ? PPD_SETTLED : ALREADY_CREDITED);
  if (ask.amount && ask.amount > room) throw overBalanceError(room);
  const lines = staffCreditLines(creditable, ask.amount ?? room);
  await recordCreditNotes(tx, [{ cause, related: row, lines, at: new Date(), reason: ask.reason }]);
  return { answer: (await creditNoteOf(tx, cause, row.id))!, replayed: false };
}

/** A field-level 400: Facturas shows it under the amount. */
const overBalanceError = (room: number) =>
  new HttpError(400, 'VALIDATION_FAILED', creditNoteOverBalance(room), [
    { path: 'amount_centavos', message: creditNoteOverBalance(room) },
  ]);
