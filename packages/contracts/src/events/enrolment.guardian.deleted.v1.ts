import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';
import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';

/** A guardian removed in admissions (one with no other student); others forget them too. */
export const guardianDeletedV1 = defineEvent(
  'enrolment.guardian.deleted',
  z.object({ guardian_id: z.string(), school_ids: z.array(z.string()) }),
);

/**
 * What a domain keeps of a deleted guardian: a snapshot with nothing of them left, written as
 * a tombstone dated by the event, so a late, older snapshot cannot bring their data back.
 */
export function blankGuardian(guardianId: string): GuardianSnapshot {
  return {
    guardian_id: guardianId,
    school_ids: [],
    first_name: '',
    last_name: '',
    email: null,
    phone: null,
    billing_name: null,
    tax_id: null,
    tax_zip_code: null,
    tax_regime: null,
    cfdi_use: null,
  };
}
