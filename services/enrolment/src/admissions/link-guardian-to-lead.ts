import type { Executor } from '@cuota/messaging/transaction';
import { joinSchool } from '../guardians/guardian-repository';
import { linkGuardian } from '../guardians/student-guardian-repository';
import type { StudentRef } from '../students/student-repository';

/** A known guardian becomes a guardian of the lead too (and known to the lead's school). */
export async function linkGuardianToLead(
  tx: Executor,
  guardianId: string,
  lead: StudentRef,
  relationship: string | null,
): Promise<void> {
  await joinSchool(tx, guardianId, lead.schoolId);
  await linkGuardian(tx, guardianId, lead.id, relationship);
}
