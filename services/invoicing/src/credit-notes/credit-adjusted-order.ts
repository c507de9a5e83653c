import type { OrderAdjusted } from '@cuota/contracts/events/billing.order.adjusted.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { lockOrderInvoices, recordCreditNotes } from './credit-note-repository';
import { adjustmentDecisions } from './credit-note-rules';

/**
 * An order's total lowered after it was invoiced (billing.order.adjusted: a scholarship, a
 * discount, the order cancelled): a credit note gives back what its invoices carry above the
 * new total (ADR 0037). Raising a total needs nothing: the next payment invoices it. One credit
 * note per adjustment and invoice, whatever the redeliveries.
 */
export async function creditAdjustedOrder(tx: Executor, adjusted: OrderAdjusted): Promise<void> {
  if (adjusted.new_total_centavos >= adjusted.previous_total_centavos) return;
  const { rows, creditable, creditedForOrder } = await lockOrderInvoices(
    tx,
    adjusted.student_id,
    adjusted.order_id,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const decisions = adjustmentDecisions(
    adjusted.order_id,
    adjusted.new_total_centavos,
    creditable,
    creditedForOrder,
  );
  await recordCreditNotes(
    tx,
    decisions.map((decision) => ({
      cause: { kind: 'adjustment', id: adjusted.adjustment_id },
      related: byId.get(decision.invoice.id)!,
      lines: decision.lines,
      at: new Date(adjusted.adjusted_at),
    })),
  );
}
