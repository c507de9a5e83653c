import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { SchoolSignup } from '@cuota/contracts/enrolment/signup';

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
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s-]{8,20}$/;

/** Whether the guest may pay: every field the sign-up needs, a valid e-mail and phone. */
export function guestLeadReady(g: GuestLead): boolean {
  const filled = [g.firstName, g.lastName, g.childFirstName, g.childLastName].every(
    (v) => v.trim().length > 0,
  );
  return filled && EMAIL.test(g.email.trim()) && PHONE.test(g.phone.trim()) && g.privacyAccepted;
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
