/**
 * Which invoices a guardian may see (staff see their school's, checked by the endpoint's
 * permission). Invoicing knows a family through who an invoice is made out to and who paid.
 */

interface InvoiceParties {
  billingGuardianId: string | null;
  payerGuardianId: string | null;
}

/** An invoice made out to the guardian (as billing guardian) or paid by them. */
export function isFamilyInvoice(invoice: InvoiceParties, guardianId: string): boolean {
  return invoice.billingGuardianId === guardianId || invoice.payerGuardianId === guardianId;
}

/** An order's invoices: for the student's billing guardian, or the family of any of them. */
export function guardianMaySeeOrder(
  guardianId: string,
  studentBillingGuardianId: string | null | undefined,
  invoices: readonly InvoiceParties[],
): boolean {
  return (
    studentBillingGuardianId === guardianId ||
    invoices.some((invoice) => isFamilyInvoice(invoice, guardianId))
  );
}
