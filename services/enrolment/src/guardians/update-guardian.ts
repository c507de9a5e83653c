import { eq } from 'drizzle-orm';
import type { GuardianChanges } from '@cuota/contracts/enrolment/guardian-profile';
import type { Executor } from '@cuota/messaging/transaction';
import { guardians } from '../schema';
import { publishGuardianUpdated } from './guardian-snapshot';

/**
 * Contact and billing data (already validated: the RFC parsed and normalised) and
 * enrolment.guardian.updated in the same transaction, so invoicing sees the new RFC.
 */
export async function updateGuardian(
  tx: Executor,
  guardianId: string,
  changes: GuardianChanges,
): Promise<void> {
  await tx
    .update(guardians)
    .set({
      firstName: changes.first_name,
      lastName: changes.last_name,
      email: changes.email,
      phone: changes.phone,
      billingName: changes.billing_name,
      taxId: changes.tax_id,
      taxZipCode: changes.tax_zip_code,
      updatedAt: new Date(),
    })
    .where(eq(guardians.id, guardianId));
  await publishGuardianUpdated(tx, guardianId);
}
