/**
 * A payment refunded while it waits for a global invoice not sealed yet (ADR 0051 addendum):
 * no CFDI carries it, so nothing is credited — the payment keeps only what was not given back
 * (withdrawn when nothing is left) and the global, when built, carries only that. The same
 * for a payment in a re-issue not sealed yet (ADR 0050). Once per reversal: the payment
 * remembers the reversals taken out of it.
 */
import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { withdrawUnstamped } from '../cancellations/cancellation-repository';
import { refreshOrDrop, shrinkHeld } from '../global-invoices/global-invoice-repository';
import type { InvoiceRow } from '../invoices/invoice-repository';
import { keptLines, reversalDecisions, totalOf, type CreditableInvoice } from './credit-note-rules';

export async function shrinkHeldPayments(
  tx: Executor,
  reversal: PayinReversed,
  context: {
    creditable: CreditableInvoice[];
    unsealed: Map<string, InvoiceRow | undefined>;
    byId: Map<string, InvoiceRow>;
    timeZone: string;
  },
): Promise<void> {
  const { unsealed, byId } = context;
  const fresh = context.creditable.filter(
    (invoice) =>
      unsealed.has(invoice.id) &&
      !byId.get(invoice.id)!.reducedByReversals.includes(reversal.reversal_id),
  );
  // As a partial reversal, for the lines each payment gives back; whole, nothing is kept.
  const decisions = reversalDecisions(
    { whole: false, allocations: reversal.allocations, reversedAt: new Date(reversal.reversed_at) },
    fresh,
    context.timeZone,
  );
  for (const decision of decisions) {
    if (decision.action !== 'credit_note') continue;
    const payment = byId.get(decision.invoice.id)!;
    const lines = reversal.whole ? [] : keptLines(payment.lines, decision.lines);
    if (lines.length === 0) await withdrawUnstamped(tx, payment);
    else
      await shrinkHeld(
        tx,
        { id: payment.id, reversalId: reversal.reversal_id },
        { lines, totalCentavos: totalOf(lines) },
      );
    const global = unsealed.get(payment.id);
    if (global) await refreshOrDrop(tx, global.id);
  }
}
