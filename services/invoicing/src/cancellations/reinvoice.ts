import { conflict } from '@cuota/service-runtime/http/http-error';
import type { Executor } from '@cuota/messaging/transaction';
import {
  lockInvoice,
  recordSubstitute,
  requestAgain,
  substituteOf,
  type InvoiceRow,
} from '../invoices/invoice-repository';
import { creditableOf } from '../credit-notes/credit-note-repository';
import { askCancellation } from './cancellation-repository';
import { issuedAncestorOf } from '../invoices/reversed-complement-repository';
import { cancelReissuedGlobal } from '../global-invoices/reissue-global';

export const ONLY_STAMPED_INCOME =
  'Solo una factura de ingreso timbrada y vigente puede refacturarse.';
export const PPD_NO_REINVOICE =
  'Esta factura se paga en parcialidades (PPD): aún no puede refacturarse; puedes cancelarla.';
export const CREDITED_NO_REINVOICE =
  'Esta factura tiene notas de crédito; el SAT no la cancela mientras estén vigentes.';
export const ALREADY_REPLACED = 'Esta factura ya fue sustituida por otra timbrada.';

/**
 * `reinvoice` (ADR 0037): a stamped income invoice (locked by the caller) is issued again from
 * today's data — the family's corrected fiscal data — related to it (TipoRelacion 04); once
 * the substitute is stamped, SAT is asked to cancel the old one with motive 01 naming it
 * (`cancelReplaced`). Asking again answers the same substitute (a failed one is rebuilt).
 */
export async function reinvoice(tx: Executor, old: InvoiceRow): Promise<InvoiceRow> {
  if (old.document !== 'invoice' || old.status !== 'success') throw conflict(ONLY_STAMPED_INCOME);
  if (old.method === null) throw conflict(PPD_NO_REINVOICE);
  if ((await creditableOf(tx, old)).credited > 0) throw conflict(CREDITED_NO_REINVOICE);
  const earlier = await substituteOf(tx, old.id);
  if (!earlier) return recordSubstitute(tx, old);
  if (earlier.status === 'success') throw conflict(ALREADY_REPLACED);
  return earlier.status === 'failed' ? requestAgain(tx, earlier) : earlier;
}

/**
 * A substitute was stamped: SAT is asked to cancel the invoice it replaces with motive 01
 * and its UUID, exactly once (the old invoice's open request is the answer to a second ask).
 */
export async function cancelReplaced(tx: Executor, substitute: InvoiceRow): Promise<void> {
  if (!substitute.replacesInvoiceId || !substitute.uuid) return;
  if (substitute.document === 'global') return cancelReissuedGlobal(tx, substitute);
  // A restated CFDI de pago replaces the complement SAT has, past restatements never sent.
  const old =
    substitute.document === 'payment'
      ? await issuedAncestorOf(tx, substitute)
      : await lockInvoice(tx, substitute.replacesInvoiceId);
  if (old?.status !== 'success') return;
  await askCancellation(tx, old, {
    motive: '01',
    substituteUuid: substitute.uuid,
    reason:
      substitute.document === 'payment'
        ? 'Sustituido por el complemento de lo que la familia conservó tras una devolución'
        : 'Sustituida por una factura con datos corregidos',
    requestedBy: null,
  });
}
