/**
 * Which part of a payment settles PPD invoices (a CFDI de pago each) and which is invoiced as
 * today (PUE), ADR 0037 "PPD and Pagos 2.0". Pure.
 */
import type { Allocation } from '@cuota/contracts/payments/payins';
import type { InvoicePart } from '@cuota/contracts/invoicing/invoices';
import { linesOfPart, type InvoiceLineRecord } from './invoice-request-rules';

/** A stamped-or-pending PPD invoice as the split reads it. */
export interface PpdInvoice {
  id: string;
  studentId: string;
  part: InvoicePart;
  orderIds: readonly string[];
}

export interface PpdPayment {
  ppd: PpdInvoice;
  /** The allocations' parts this payment pays on the PPD invoice. */
  lines: InvoiceLineRecord[];
  paidCentavos: number;
}

/**
 * An allocation's base of a part a PPD invoice covers goes to that invoice's CFDI de pago;
 * what it did not bill — a late fee charged later, the other part — is invoiced when paid.
 */
export function splitPpdPayments(
  allocations: readonly Allocation[],
  ppdInvoices: readonly PpdInvoice[],
): { ppdPayments: PpdPayment[]; rest: Allocation[] } {
  const byInvoice = new Map<string, PpdPayment>();
  const rest: Allocation[] = [];
  for (const allocation of allocations) {
    const { student_id, ...line } = allocation;
    let left: Allocation = allocation;
    for (const ppd of ppdInvoices) {
      if (ppd.studentId !== student_id || !ppd.orderIds.includes(line.order_id)) continue;
      const [paid] = linesOfPart([{ ...line, late_fee_centavos: 0 }], ppd.part);
      if (!paid) continue;
      const entry = byInvoice.get(ppd.id) ?? { ppd, lines: [], paidCentavos: 0 };
      entry.lines.push(paid);
      entry.paidCentavos += paid.base_centavos;
      byInvoice.set(ppd.id, entry);
      left = { ...left, base_centavos: 0, discount_centavos: 0 };
    }
    if (left.base_centavos + left.late_fee_centavos > 0) rest.push(left);
  }
  return { ppdPayments: [...byInvoice.values()], rest };
}
