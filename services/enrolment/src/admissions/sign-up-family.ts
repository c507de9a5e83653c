import type { SchoolSignup } from '@cuota/contracts/enrolment/signup';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianOfSchoolByContact } from '../guardians/guardian-repository';
import { createGuardian } from '../guardians/create-guardian';
import { childrenNamesOf } from '../guardians/student-guardian-repository';
import { lockSignupOf } from './admission-repository';
import { createLead } from './create-lead';

/**
 * A family's own registration from the school's site: each child a lead, linked to the
 * guardian who wrote. The caller is nobody in particular, so nobody else's record is ever
 * touched (ADR 0021): a guardian record is reused only when it is a prospect (every child of
 * theirs still a lead) with the same e-mail **and** the same name, the same person writing
 * again, which is what makes a repeated submission a no-op. Anyone else using that e-mail
 * gets a prospect of their own, under their own name, for staff to reconcile.
 * Returns the children registered now (none again for a repeated submission) and the leads
 * of every child of the form, new or already registered by this same person (the store links
 * a guest's purchase to them, ADR 0092).
 */
export async function signUpFamily(
  tx: Executor,
  schoolId: string,
  input: SchoolSignup,
): Promise<{ registered: SchoolSignup['students']; leadIds: string[] }> {
  // One family's submissions run one at a time, so a double click cannot register twice.
  await lockSignupOf(tx, schoolId, input.guardian.email);
  const contact = {
    email: input.guardian.email,
    firstName: input.guardian.first_name,
    lastName: input.guardian.last_name,
  };
  const guardianId =
    (await guardianOfSchoolByContact(tx, schoolId, contact, {
      prospectOnly: true,
      sameName: true,
    })) ?? (await createGuardian(tx, { ...input.guardian, school_id: schoolId }));
  const known = new Map((await childrenNamesOf(tx, guardianId)).map((c) => [childKey(c), c.id]));
  const registered: SchoolSignup['students'] = [];
  const leadIds: string[] = [];
  for (const child of input.students) {
    const leadId =
      known.get(childKey(child)) ??
      (await createLead(
        tx,
        { ...child, school_id: schoolId, curp: null, guardians: [], guardian_ids: [guardianId] },
        null,
      ));
    if (!known.has(childKey(child))) registered.push(child);
    known.set(childKey(child), leadId);
    if (!leadIds.includes(leadId)) leadIds.push(leadId);
  }
  return { registered, leadIds };
}

const childKey = (c: { first_name: string; last_name: string }) =>
  `${c.first_name.toLocaleLowerCase('es-MX')}|${c.last_name.toLocaleLowerCase('es-MX')}`;
