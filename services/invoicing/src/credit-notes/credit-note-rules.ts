/**
 * What a reversal or an adjustment does to the invoices it touches (ADR 0037): cancel, withdraw,
 * a credit note, or nothing. Pure: the event and the invoices in, the decisions out.
 */
import type { Allocation } from '@cuota/contracts/payments/payins';
import { localDateTime } from '../cfdi/cfdi-date';
import type { InvoicePart } from '@cuota/contracts/invoicing/invoices';
import { linesOfPart, type InvoiceLineRecord } from '../invoices/invoice-request-rules';

/** An income invoice as the rules see it; `credited` is what its credit notes already give back. */
export interface CreditableInvoice {
  id: string;
  studentId: string;
  part: InvoicePart;
  status: 'pending' | 'success' | 'failed' | 'canceling' | 'canceled';
  stampedAt: Date | null;
  /** A stamping worker holds it right now (it may be at the PAC). */
  beingStamped: boolean;
  totalCentavos: number;
  lines: InvoiceLineRecord[];
  credited: number;
}

export interface CreditNoteDecision {
  action: 'credit_note';
  invoice: CreditableInvoice;
  lines: InvoiceLineRecord[];
}

export type Decision =
  | { action: 'cancel'; invoice: CreditableInvoice }
  | { action: 'withdraw'; invoice: CreditableInvoice }
  | CreditNoteDecision;

const monthOf = (instant: Date, timeZone: string) => {
  const { year, month } = localDateTime(instant, timeZone);
  return `${year}-${month}`;
};

const amountOf = (line: Pick<InvoiceLineRecord, 'base_centavos' | 'late_fee_centavos'>) =>
  line.base_centavos + line.late_fee_centavos;

/**
 * A payin reversed, whole or in part: per invoice of that payin (a student's colegiatura or
 * other concepts, each given back what of its own part was reversed), a whole reversal
 * cancels a CFDI stamped in the reversal's month (motive 03) and withdraws one never stamped;
 * anything else (a later month, a partial refund) is a credit note for the reversed lines.
 * Cancelled or cancelling invoices, and credit no invoice carries, need nothing.
 */
export function reversalDecisions(
  reversal: { whole: boolean; allocations: Allocation[]; reversedAt: Date },
  invoices: CreditableInvoice[],
  timeZone: string,
): Decision[] {
  const decisions: Decision[] = [];
  for (const invoice of invoices) {
    if (invoice.status === 'canceled' || invoice.status === 'canceling') continue;
    // Only the orders this invoice carries: a payin's payment of a PPD invoice is its CFDI de
    // pago's to give back, not a credit note on another of its invoices.
    const reversed = linesOfPart(
      reversal.allocations.filter(
        (a) =>
          a.student_id === invoice.studentId &&
          invoice.lines.some((line) => line.order_id === a.order_id),
      ),
      invoice.part,
    );
    if (!reversed.length) continue;
    const stamped = invoice.status === 'success';
    if (reversal.whole && !stamped && !invoice.beingStamped)
      decisions.push({ action: 'withdraw', invoice });
    else if (
      reversal.whole &&
      stamped &&
      invoice.credited === 0 &&
      monthOf(invoice.stampedAt!, timeZone) === monthOf(reversal.reversedAt, timeZone)
    )
      decisions.push({ action: 'cancel', invoice });
    else {
      const lines = capped(reversed.map(lineOf), invoice.totalCentavos - invoice.credited);
      if (lines.length) decisions.push({ action: 'credit_note', invoice, lines });
    }
  }
  return decisions;
}

/**
 * An order's total lowered to `newTotal` (base minus discounts plus surcharges): what its
 * invoices carry for the order's base above that, less what was already credited for it,
 * comes back as credit notes, taken from the newest invoice first.
 */
export function adjustmentDecisions(
  orderId: string,
  newTotal: number,
  invoices: CreditableInvoice[],
  creditedForOrder: number,
): CreditNoteDecision[] {
  const live = invoices.filter((i) => i.status !== 'canceled' && i.status !== 'canceling');
  const baseOf = (i: CreditableInvoice) =>
    i.lines.filter((l) => l.order_id === orderId).reduce((s, l) => s + l.base_centavos, 0);
  const invoiced = live.reduce((s, i) => s + baseOf(i), 0);
  let excess = invoiced - creditedForOrder - newTotal;
  const decisions: CreditNoteDecision[] = [];
  for (const invoice of live) {
    if (excess <= 0) break;
    const line = invoice.lines.find((l) => l.order_id === orderId);
    const room = Math.min(baseOf(invoice), invoice.totalCentavos - invoice.credited);
    const amount = Math.min(excess, room);
    if (!line || amount <= 0) continue;
    decisions.push({
      action: 'credit_note',
      invoice,
      lines: [{ ...line, base_centavos: amount, late_fee_centavos: 0, discount_centavos: 0 }],
    });
    excess -= amount;
  }
  return decisions;
}

/**
 * What staff's credit note may give back of an invoice (emit_credit_note): what no credit note
 * gave back yet; on a PPD invoice (ADR 0051) only what is still owed, less what standing CFDI
 * de pago received too — what was paid goes back with the payment's refund (its CFDI de pago
 * is cancelled or restated), never here.
 */
export function creditableRoom(
  invoice: Pick<CreditableInvoice, 'totalCentavos' | 'credited'>,
  paidCentavos = 0,
): number {
  return Math.max(0, invoice.totalCentavos - invoice.credited - paidCentavos);
}

/** Staff's credit-note lines: `amount` centavos of the invoice's lines (late fee first). */
export function staffCreditLines(invoice: CreditableInvoice, amount: number): InvoiceLineRecord[] {
  return capped(invoice.lines, amount);
}

/**
 * A held payment's lines after a refund taken out before its global is sealed (ADR 0051
 * addendum): each reversed line comes off its order's line, base and late fee apart (as
 * paid); lines left at nothing are dropped. The discount never exceeds what is kept.
 */
export function keptLines(
  lines: readonly InvoiceLineRecord[],
  reversed: readonly InvoiceLineRecord[],
): InvoiceLineRecord[] {
  const kept = lines.map((line) => ({ ...line }));
  for (const back of reversed) {
    const line = kept.find((l) => l.order_id === back.order_id && amountOf(l) > 0);
    if (!line) continue;
    line.late_fee_centavos -= Math.min(line.late_fee_centavos, back.late_fee_centavos);
    line.base_centavos -= Math.min(line.base_centavos, back.base_centavos);
    line.discount_centavos = Math.min(
      line.base_centavos,
      Math.max(0, line.discount_centavos - back.discount_centavos),
    );
  }
  return kept.filter((line) => amountOf(line) > 0);
}

function lineOf({ student_id: _student, ...line }: Allocation): InvoiceLineRecord {
  return line;
}

/** Lines cut so they add up to at most `room` centavos (late fee first, as it was paid). */
function capped(lines: InvoiceLineRecord[], room: number): InvoiceLineRecord[] {
  const out: InvoiceLineRecord[] = [];
  let left = room;
  for (const line of lines) {
    if (left <= 0) break;
    const lateFee = Math.min(line.late_fee_centavos, left);
    const base = Math.min(line.base_centavos, left - lateFee);
    left -= lateFee + base;
    if (lateFee + base > 0)
      out.push({ ...line, base_centavos: base, late_fee_centavos: lateFee, discount_centavos: 0 });
  }
  return out;
}

export const totalOf = (lines: InvoiceLineRecord[]) => lines.reduce((s, l) => s + amountOf(l), 0);
