import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { askCancellation, withdrawUnstamped } from '../cancellations/cancellation-repository';
import { fiscalEntityOf } from '../fiscal-entities/fiscal-entity-repository';
import { reversePaymentComplements } from '../invoices/reverse-payment-complements';
import { lockPayinInvoices, recordCreditNotes } from './credit-note-repository';
import { reversalDecisions } from './credit-note-rules';
import { creditSealedGlobals, heldGlobalsOf } from './credit-sealed-global';
import { shrinkHeldPayments } from './shrink-held-payment';

/**
 * Money of a payin given back (payments.payin.reversed): its invoices are cancelled (a whole
 * reversal in the month the CFDI was stamped, not only on the day), withdrawn or credited as
 * ADR 0037 decides; a payment held for a global invoice is credited on it once sealed, and
 * shrinks before (ADR 0051). Exactly once: the inbox drops a redelivery, and the
 * cancellation (one open per invoice) and the credit note (one per reversal and invoice) are
 * keyed rows besides.
 */
export async function creditReversedPayin(tx: Executor, reversal: PayinReversed): Promise<void> {
  // What the payin paid on PPD invoices was recorded by CFDI de pago, not income invoices.
  await reversePaymentComplements(tx, reversal);
  const { rows, creditable } = await lockPayinInvoices(tx, reversal.payin_id);
  if (!rows.length) return;
  const entity = await fiscalEntityOf(tx, reversal.school_id);
  const at = new Date(reversal.reversed_at);
  const timeZone = entity?.timeZone ?? 'America/Mexico_City';
  const byId = new Map(rows.map((row) => [row.id, row]));
  const { sealed, unsealed } = await heldGlobalsOf(tx, rows);
  const notes = await creditSealedGlobals(tx, reversal, {
    creditable,
    globals: sealed,
    byId,
    timeZone,
  });
  await shrinkHeldPayments(tx, reversal, { creditable, unsealed, byId, timeZone });
  const decisions = reversalDecisions(
    { whole: reversal.whole, allocations: reversal.allocations, reversedAt: at },
    creditable.filter((invoice) => !sealed.has(invoice.id) && !unsealed.has(invoice.id)),
    timeZone,
  );
  for (const decision of decisions) {
    const row = byId.get(decision.invoice.id)!;
    if (decision.action === 'withdraw') await withdrawUnstamped(tx, row);
    else if (decision.action === 'cancel')
      await askCancellation(tx, row, {
        motive: '03',
        substituteUuid: null,
        reason: reversal.reason,
        requestedBy: reversal.reversed_by,
      });
    else
      notes.push({
        cause: { kind: 'reversal', id: reversal.reversal_id },
        related: row,
        lines: decision.lines,
        at,
        reason: reversal.reason,
      });
  }
  await recordCreditNotes(tx, notes);
}
