/**
 * Motive 04 (ADR 0050): a payment inside a stamped global invoice gets its own CFDI. The
 * nominative CFDI is stamped first; then the global is re-issued without it (TipoRelacion
 * 04 to the old one) and the old one is cancelled with motive 04, which SAT takes without the
 * receptor's acceptance (público en general). Every step locks the stamped global first, so
 * two families (or two clicks) leaving it at once make one re-issue and one cancellation.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { conflict } from '@cuota/service-runtime/http/http-error';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices } from '../schema';
import { askCancellation } from '../cancellations/cancellation-repository';
import { creditedByInvoice } from '../credit-notes/credit-note-repository';
import {
  lockInvoice,
  substituteOf,
  wakeWorkers,
  type InvoiceRow,
} from '../invoices/invoice-repository';
import { hasMembers, refreshGlobalTotals, releaseFrom } from './global-invoice-repository';

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
  await tx
    .update(invoices)
    .set({ globalInvoiceId: reissue.id })
    .where(
      and(
        eq(invoices.globalInvoiceId, global.id),
        eq(invoices.globalState, 'held'),
        eq(invoices.status, 'pending'),
      ),
    );
  await refreshGlobalTotals(tx, reissue.id);
}

/** The global's re-issue: same period, emisor and receptor, members set by the caller. */
async function recordReissue(tx: Executor, global: InvoiceRow): Promise<InvoiceRow> {
  const [reissue] = await tx
    .insert(invoices)
    .values({
      schoolId: global.schoolId,
      document: 'global',
      part: global.part,
      fiscalEntityId: global.fiscalEntityId,
      sourceKind: 'global',
      sourceId: global.sourceId,
      studentId: global.studentId,
      method: global.method,
      paidAt: global.paidAt,
      lines: [],
      orderIds: [],
      totalCentavos: global.totalCentavos,
      receptorRfc: global.receptorRfc,
      receptorName: global.receptorName,
      replacesInvoiceId: global.id,
    })
    .returning();
  return reissue!;
}

/**
 * Whether every payment that left the stamped global has its own CFDI (stamped, or withdrawn
 * since): only then may the re-issue leave it out, so a payment is never without a CFDI.
 */
export async function departuresStamped(tx: Executor, globalId: string): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.globalInvoiceId, globalId),
        eq(invoices.globalState, 'released'),
        inArray(invoices.status, ['pending', 'failed']),
      ),
    )
    .limit(1);
  return waiting === undefined;
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
  if (reissue && !reissue.sealedXml) {
    await tx
      .update(invoices)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(invoices.id, reissue.id));
    await wakeWorkers(tx);
  } else if (!reissue && (await departuresStamped(tx, global.id)))
    await cancelWithMotive04(tx, global);
}

/** Stamped globals some payment left whose re-issue or cancellation may be due. */
export async function globalsLeftBehind(db: Executor): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    SELECT DISTINCT g.id FROM invoices g
    JOIN invoices p ON p.global_invoice_id = g.id AND p.global_state = 'released'
    WHERE g.document = 'global' AND g.status = 'success'
      AND NOT EXISTS (SELECT 1 FROM invoices s WHERE s.replaces_invoice_id = g.id AND s.sealed_xml IS NOT NULL)`);
  return rows.rows.map((r) => r.id);
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
