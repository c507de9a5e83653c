import type { z } from 'zod';
import type { createAdmissionGuardianSchema } from '@cuota/contracts/enrolment/admissions';
import type { Executor } from '@cuota/messaging/transaction';
import { createGuardian } from '../guardians/create-guardian';
import { linkGuardian } from '../guardians/student-guardian-repository';
import type { StudentRef } from '../students/student-repository';

/** A new guardian of the school, linked to the lead whose form created them (if any). */
export async function createAdmissionGuardian(
  tx: Executor,
  input: z.infer<typeof createAdmissionGuardianSchema>,
  lead: StudentRef | null,
): Promise<string> {
  const guardianId = await createGuardian(tx, input);
  if (lead) await linkGuardian(tx, guardianId, lead.id, input.relationship);
  return guardianId;
}
