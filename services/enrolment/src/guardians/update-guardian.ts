import type { GuardianChanges } from '@cuota/contracts/enrolment/guardian-profile';
import type { Executor } from '@cuota/messaging/transaction';
import { saveGuardian } from './guardian-repository';
import { guardianColumns } from './guardian-rules';

/**
 * Contact and billing data (already validated: the RFC parsed and normalised);
 * enrolment.guardian.updated goes with it, so invoicing sees the new RFC.
 */
export function updateGuardian(
  tx: Executor,
  guardianId: string,
  changes: GuardianChanges,
): Promise<void> {
  return saveGuardian(tx, guardianId, guardianColumns(changes));
}
