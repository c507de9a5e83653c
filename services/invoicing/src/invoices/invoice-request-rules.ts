/**
 * What to invoice for a payment: one invoice per student paid for, one line per order, the
 * FormaPago from how the money came in. Pure (ADR 0016 "Invoicing").
 */
import type { Allocation, PaymentMethod, PayinType } from '@cuota/contracts/payments/payins';
import type { InvoiceLine, PaidMethod } from '../cfdi/invoice-input';
import { formatPesos } from '@cuota/documents/money-format';

/** An order's share of the payment, as the invoice keeps it (an allocation without its student). */
export type InvoiceLineRecord = Omit<Allocation, 'student_id'>;

export interface InvoiceSourceFacts {
  kind: 'payin' | 'credit';
  id: string;
  schoolId: string;
  payerGuardianId: string | null;
  method: PaidMethod;
  paidAt: Date;
}

export interface InvoiceRequest extends InvoiceSourceFacts {
  studentId: string;
  lines: InvoiceLineRecord[];
  orderIds: string[];
  totalCentavos: number;
}

/** Groups a payment's allocations by student; orders paid nothing (0 + 0) are not invoiced. */
export function invoiceRequestsOf(
  source: InvoiceSourceFacts,
  allocations: readonly Allocation[],
): InvoiceRequest[] {
  const byStudent = new Map<string, InvoiceLineRecord[]>();
  for (const { student_id, ...line } of allocations) {
    if (line.base_centavos + line.late_fee_centavos === 0) continue;
    byStudent.set(student_id, [...(byStudent.get(student_id) ?? []), line]);
  }
  return [...byStudent].map(([studentId, lines]) => ({
    ...source,
    studentId,
    lines,
    orderIds: [...new Set(lines.map((l) => l.order_id))],
    totalCentavos: lines.reduce((sum, l) => sum + l.base_centavos + l.late_fee_centavos, 0),
  }));
}

/**
 * The payment method SAT's FormaPago follows. `to_define` is not a way to pay: the payin's
 * type says how the money arrived.
 */
export function paidMethodOf(type: PayinType, method: PaymentMethod): PaidMethod {
  if (method !== 'to_define') return method;
  return type === 'CARD' ? 'credit_card' : type === 'CASH_IN' ? 'cash' : 'transfer';
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** "2026-09" → "septiembre 2026". */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-');
  return `${MONTHS[Number(month) - 1]} ${year}`;
}

/**
 * "Colegiatura septiembre 2026 (incluye recargo por pago tardío de $150.00)". A late fee is
 * part of the value of the service it is charged on (LIVA art. 18), so it shares the line
 * and its tax treatment instead of being a concept of its own.
 */
export function lineDescription(line: InvoiceLineRecord, prefix?: string): string {
  const period = line.period ? ` ${periodLabel(line.period)}` : '';
  const lateFee = line.late_fee_centavos
    ? ` (incluye recargo por pago tardío de ${formatPesos(line.late_fee_centavos)})`
    : '';
  return `${prefix ? `${prefix}: ` : ''}${line.concept_name}${period}${lateFee}`;
}

/** The engine's lines; a credit note's say what was given back (`prefix`). */
export function engineLines(
  lines: readonly InvoiceLineRecord[],
  student: NonNullable<InvoiceLine['student']>,
  prefix?: string,
): InvoiceLine[] {
  return lines.map((line) => ({
    description: lineDescription(line, prefix),
    conceptType: line.concept_type,
    amountCentavos: line.base_centavos + line.late_fee_centavos,
    student,
  }));
}
