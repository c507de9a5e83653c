import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { SchoolSignup } from '@cuota/contracts/enrolment/signup';
import type { FamilyCfdiUse } from '@cuota/contracts/invoicing/fiscal-catalogs';
import type { GuestFiscal } from '@cuota/contracts/payments/store-checkout';

/**
 * A guest at the checkout (ADR 0083): the family's name, e-mail and phone and the child the
 * purchase is for, sent as the school's sign-up sends them, so the guest becomes a lead of
 * the admissions board; the receipt goes to the e-mail.
 */
export interface GuestLead {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  childFirstName: string;
  childLastName: string;
  level: EducationLevel;
  privacyAccepted: boolean;
  /** A CFDI made out to them (ADR 0092); otherwise the sale goes to público en general. */
  wantsInvoice: boolean;
  taxId: string;
  billingName: string;
  taxZipCode: string;
  taxRegime: string;
  cfdiUse: FamilyCfdiUse;
}

export const emptyGuestLead = (level: EducationLevel = 'elementary'): GuestLead => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  childFirstName: '',
  childLastName: '',
  level,
  privacyAccepted: false,
  wantsInvoice: false,
  taxId: '',
  billingName: '',
  taxZipCode: '',
  taxRegime: '',
  cfdiUse: 'G03',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s-]{8,20}$/;

/** Whether the guest may pay: every field the sign-up needs, a valid e-mail and phone. */
export function guestLeadReady(g: GuestLead): boolean {
  const filled = [g.firstName, g.lastName, g.childFirstName, g.childLastName].every(
    (v) => v.trim().length > 0,
  );
  return (
    filled &&
    EMAIL.test(g.email.trim()) &&
    PHONE.test(g.phone.trim()) &&
    g.privacyAccepted &&
    (!g.wantsInvoice || fiscalFilled(g))
  );
}

/** The server checks the RFC and the régimen; here only that nothing is missing. */
const fiscalFilled = (g: GuestLead) =>
  g.taxId.trim().length >= 12 &&
  g.billingName.trim().length > 0 &&
  /^\d{5}$/.test(g.taxZipCode.trim()) &&
  g.taxRegime !== '';

/** The guest's fiscal data for their CFDI, or null: público en general. */
export function toGuestFiscal(g: GuestLead): GuestFiscal | null {
  if (!g.wantsInvoice) return null;
  return {
    tax_id: g.taxId.trim().toUpperCase(),
    billing_name: g.billingName.trim(),
    tax_zip_code: g.taxZipCode.trim(),
    tax_regime: g.taxRegime,
    cfdi_use: g.cfdiUse,
  };
}

export function toSignup(g: GuestLead): SchoolSignup {
  return {
    guardian: {
      first_name: g.firstName.trim(),
      last_name: g.lastName.trim(),
      email: g.email.trim().toLowerCase(),
      phone: g.phone.trim(),
      relationship: null,
    },
    students: [
      {
        first_name: g.childFirstName.trim(),
        last_name: g.childLastName.trim(),
        level: g.level,
        section_id: null,
        gender: null,
        birth_date: null,
      },
    ],
    privacy_accepted: true,
  };
}
