/**
 * Motive 04 (ADR 0050): a payment inside a stamped global invoice gets its own CFDI. The
 * nominative CFDI is stamped first; then the global is re-issued without it (TipoRelacion
 * 04 to the old one) and the old one is cancelled with motive 04, which SAT takes without the
 * receptor's acceptance (público en general). Every step locks the stamped global first, so
 * two families (or two clicks) leaving it at once make one re-issue and one cancellation.
 */
import { conflict } from '@cuota/service-runtime/http/http-error';
import type { Executor } from '@cuota/messaging/transaction';
import { askCancellation } from '../cancellations/cancellation-repository';
import { creditedByInvoice } from '../credit-notes/credit-note-repository';
import { lockInvoice, substituteOf, type InvoiceRow } from '../invoices/invoice-repository';
import { hasMembers, refreshGlobalTotals, releaseFrom } from './global-invoice-repository';
import { departuresStamped, dueNow, moveMembers, recordReissue } from './global-reissue-repository';

export const GLOBAL_CREDITED =
  'La factura global de este periodo tiene notas de crédito vigentes; el SAT no la cancela mientras lo estén, así que este pago no puede facturarse a nombre de la familia.';
const REISSUED_REASON = 'Operación nominativa relacionada en una factura global';

/**
 * The payment (locked, held in `global`, stamped and locked) leaves it: due now in the
 * family's name, and the others move to the global's re-issue (recorded once). The re-issue
 * waits for the family's CFDI (`departuresStamped`).
 */
export async function leaveStampedGlobal(
  tx: Executor,
  payment: InvoiceRow,
  global: InvoiceRow,
): Promise<void> {
  if ((await creditedByInvoice(tx, [global.id])).get(global.id)) throw conflict(GLOBAL_CREDITED);
  await releaseFrom(tx, payment.id, global.id);
  if (!(await hasMembers(tx, global.id))) return;
  const reissue = await recordReissue(tx, global);
  await moveMembers(tx, global.id, reissue.id);
  await refreshGlobalTotals(tx, reissue.id);
}

/**
 * A payment that left a stamped global was stamped in the family's name: the re-issue is due
 * now; a global left with no payment (its only one left) is cancelled with motive 04 once
 * every departure has its CFDI. Runs after the stamp's own transaction, locking the global
 * first like every other path; the collector's pass repeats it (`globalsLeftBehind`), so a
 * crash in between delays the cancellation, never loses it.
 */
export async function settleDepartures(tx: Executor, globalId: string): Promise<void> {
  const global = await lockInvoice(tx, globalId);
  if (global?.document !== 'global' || global.status !== 'success') return;
  const reissue = await substituteOf(tx, global.id);
  if (reissue && !reissue.sealedXml) await dueNow(tx, reissue.id);
  else if (!reissue && (await departuresStamped(tx, global.id)))
    await cancelWithMotive04(tx, global);
}

/** The re-issue stands: the global it replaces is cancelled with motive 04, once. */
export async function cancelReissuedGlobal(tx: Executor, reissue: InvoiceRow): Promise<void> {
  const old = await lockInvoice(tx, reissue.replacesInvoiceId!);
  if (old?.status === 'success') await cancelWithMotive04(tx, old);
}

function cancelWithMotive04(tx: Executor, global: InvoiceRow) {
  return askCancellation(tx, global, {
    motive: '04',
    substituteUuid: null,
    reason: REISSUED_REASON,
    requestedBy: null,
  });
}
