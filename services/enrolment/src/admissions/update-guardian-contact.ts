import type { z } from 'zod';
import type { updateAdmissionGuardianSchema } from '@cuota/contracts/enrolment/admissions';
import type { Executor } from '@cuota/messaging/transaction';
import { saveGuardian } from '../guardians/guardian-repository';

/** Contact data only (fiscal data is the guardian's own, in the portal). */
export function updateGuardianContact(
  tx: Executor,
  guardianId: string,
  input: z.infer<typeof updateAdmissionGuardianSchema>,
): Promise<void> {
  return saveGuardian(tx, guardianId, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
  });
}
