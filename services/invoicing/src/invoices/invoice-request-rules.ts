/**
 * What to invoice for a payment: per student paid for, a colegiatura CFDI and a CFDI of the
 * other concepts (ADR 0037 "Deductible tuition on its own"), one line per order and late fee,
 * the FormaPago from how the money came in. Pure (ADR 0016 "Invoicing").
 */
import type { Allocation, PaymentMethod, PayinType } from '@cuota/contracts/payments/payins';
import { INVOICE_PARTS, type InvoicePart } from '@cuota/contracts/invoicing/invoices';
import type { InvoiceLine, PaidMethod, ReceptorInput } from '../cfdi/invoice-input';

/**
 * An order's share of the payment, as the invoice keeps it (an allocation without its student).
 * A store sale's line also keeps its quantity, the IVA its item sets (ADR 0083) and its
 * ClaveProdServ (ADR 0092).
 */
export type InvoiceLineRecord = Omit<Allocation, 'student_id'> & {
  quantity?: number;
  iva?: NonNullable<InvoiceLine['iva']>;
  /** A store item's ClaveProdServ at the sale (ADR 0092). */
  clave_prod_serv?: string;
};

export interface InvoiceSourceFacts {
  /** `billing`: orders invoiced before they are paid (PPD), `id` the batch that billed them. */
  kind: 'payin' | 'credit' | 'billing';
  id: string;
  schoolId: string;
  payerGuardianId: string | null;
  /** Null for a PPD invoice: nobody has paid yet. */
  method: PaidMethod | null;
  /** When the money came (for a PPD invoice: when the orders were billed). */
  paidAt: Date;
}

/** Money received: a payment or credit applied, which a CFDI de pago may record. */
export type PaymentFacts = InvoiceSourceFacts & { kind: 'payin' | 'credit'; method: PaidMethod };

export interface InvoiceRequest extends InvoiceSourceFacts {
  /** '' for a store guest's sale: it names no student of the school (ADR 0092). */
  studentId: string;
  /** A store guest's own fiscal data (ADR 0092); null or absent: none given. */
  guestReceptor?: ReceptorInput | null;
  /** Where a store guest's CFDI is e-mailed once stamped (ADR 0103); null or absent: none. */
  guestEmail?: string | null;
  part: InvoicePart;
  lines: InvoiceLineRecord[];
  orderIds: string[];
  totalCentavos: number;
}

/** Groups a payment's allocations by student and part; nothing paid (0 + 0) is not invoiced. */
export function invoiceRequestsOf(
  source: InvoiceSourceFacts,
  allocations: readonly Allocation[],
): InvoiceRequest[] {
  const byStudent = new Map<string, InvoiceLineRecord[]>();
  for (const { student_id, ...line } of allocations)
    byStudent.set(student_id, [...(byStudent.get(student_id) ?? []), line]);
  return [...byStudent].flatMap(([studentId, lines]) =>
    INVOICE_PARTS.map((part) => ({ part, lines: linesOfPart(lines, part) }))
      .filter(({ lines }) => lines.length > 0)
      .map(({ part, lines }) => ({
        ...source,
        studentId,
        part,
        lines,
        orderIds: [...new Set(lines.map((l) => l.order_id))],
        totalCentavos: lines.reduce((sum, l) => sum + l.base_centavos + l.late_fee_centavos, 0),
      })),
  );
}

const isTuition = (line: Pick<InvoiceLineRecord, 'concept_type'>) =>
  line.concept_type === 'MONTHLY_FEE';

/**
 * A part's share of the lines: a colegiatura's base goes to `tuition`, its late fee to
 * `other` (the recargo is not payment for teaching, so it is not deductible); every other
 * concept goes whole to `other`. Lines left with nothing are dropped.
 */
export function linesOfPart<L extends InvoiceLineRecord>(
  lines: readonly L[],
  part: InvoicePart,
): L[] {
  return lines
    .map((line) =>
      !isTuition(line)
        ? part === 'other'
          ? line
          : { ...line, base_centavos: 0, late_fee_centavos: 0 }
        : part === 'tuition'
          ? { ...line, late_fee_centavos: 0 }
          : { ...line, base_centavos: 0, discount_centavos: 0 },
    )
    .filter((line) => line.base_centavos + line.late_fee_centavos > 0);
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

/** "Colegiatura septiembre 2026"; a credit note's says what was given back (`prefix`). */
export function lineDescription(line: InvoiceLineRecord, prefix?: string): string {
  const period = line.period ? ` ${periodLabel(line.period)}` : '';
  return `${prefix ? `${prefix}: ` : ''}${line.concept_name}${period}`;
}

/**
 * The engine's lines: a line's base, and its late fee as a concept of its own ("Recargo por
 * pago tardío: Colegiatura septiembre 2026") that keeps the concept's IVA treatment (an
 * accessory of the service, LIVA art. 18) but never carries IEDU.
 */
export function engineLines(
  lines: readonly InvoiceLineRecord[],
  student: InvoiceLine['student'],
  prefix?: string,
): InvoiceLine[] {
  return lines.flatMap((line) => {
    const concept = {
      conceptType: line.concept_type,
      ...(student ? { student } : {}),
      ...(line.quantity ? { quantity: line.quantity } : {}),
      ...(line.iva ? { iva: line.iva } : {}),
      ...(line.clave_prod_serv ? { claveProdServ: line.clave_prod_serv } : {}),
    };
    const base = line.base_centavos
      ? [
          {
            ...concept,
            description: lineDescription(line, prefix),
            amountCentavos: line.base_centavos,
          },
        ]
      : [];
    const lateFee = line.late_fee_centavos
      ? [
          {
            ...concept,
            description: lineDescription(line, prefix ? `${prefix}: ${LATE_FEE}` : LATE_FEE),
            amountCentavos: line.late_fee_centavos,
            lateFee: true,
          },
        ]
      : [];
    return [...base, ...lateFee];
  });
}

const LATE_FEE = 'Recargo por pago tardío';
