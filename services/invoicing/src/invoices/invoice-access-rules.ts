import {
  isGuardianOfStudent,
  type StudentCopyGuardians,
} from '@cuota/student-directory/guardian-of-student';

/**
 * Which invoices a guardian may see (staff see their school's, checked by the endpoint's
 * permission). Invoicing knows a family through who an invoice is made out to, who paid, and
 * the student's guardians (billing guardian and every guardian linked to them, as enrolment's
 * snapshot names them: both parents see the family's invoices, docs/adr/0023). Who an invoice
 * is made out to (the CFDI receptor) does not change: it is still the billing guardian.
 */

interface InvoiceParties {
  billingGuardianId: string | null;
  payerGuardianId: string | null;
}

/** The student as invoicing's copy knows its guardians (undefined: not received yet). */
type StudentGuardians = StudentCopyGuardians | undefined;

const isGuardianOf = (guardianId: string, student: StudentGuardians) =>
  student !== undefined && isGuardianOfStudent(guardianId, student);

/** An invoice made out to the guardian (as billing guardian) or paid by them. */
export function isFamilyInvoice(invoice: InvoiceParties, guardianId: string): boolean {
  return invoice.billingGuardianId === guardianId || invoice.payerGuardianId === guardianId;
}

/** An invoice of the guardian's own, or of a student of theirs. */
export function guardianMaySeeInvoice(
  guardianId: string,
  student: StudentGuardians,
  invoice: InvoiceParties,
): boolean {
  return isFamilyInvoice(invoice, guardianId) || isGuardianOf(guardianId, student);
}

/** An order's invoices: for the student's guardians, or the family of any of them. */
export function guardianMaySeeOrder(
  guardianId: string,
  student: StudentGuardians,
  invoices: readonly InvoiceParties[],
): boolean {
  return (
    isGuardianOf(guardianId, student) ||
    invoices.some((invoice) => isFamilyInvoice(invoice, guardianId))
  );
}
