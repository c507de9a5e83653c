import { isInvoiceableRfc } from '@cuota/contracts/invoicing/rfc';

export interface FiscalData {
  billingName: string | null;
  taxId: string | null;
}

/**
 * spec §3 "RFC verification result": a guardian can be invoiced by name when they gave
 * a razón social and an RFC that passes the offline checks (shape, date, not generic).
 * Unknown guardians (not yet received from enrolment) are simply not valid yet.
 */
export function isVerifiedGuardian(fiscal: FiscalData | undefined): boolean {
  if (!fiscal?.billingName?.trim() || !fiscal.taxId) return false;
  return isInvoiceableRfc(fiscal.taxId);
}
