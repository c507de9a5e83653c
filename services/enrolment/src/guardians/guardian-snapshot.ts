import { eq } from 'drizzle-orm';
import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianSchools, guardians } from '../schema';

/** The guardian as other domains keep it (invoicing's fiscal_guardians). */
export async function guardianSnapshot(
  tx: Executor,
  guardianId: string,
): Promise<GuardianSnapshot> {
  const [g] = await tx.select().from(guardians).where(eq(guardians.id, guardianId));
  if (!g) throw new Error(`guardian ${guardianId} vanished inside its own transaction`);
  const schools = await tx
    .select({ id: guardianSchools.schoolId })
    .from(guardianSchools)
    .where(eq(guardianSchools.guardianId, guardianId));
  return {
    guardian_id: g.id,
    school_ids: schools.map((s) => s.id),
    first_name: g.firstName,
    last_name: g.lastName,
    email: g.email,
    billing_name: g.billingName,
    tax_id: g.taxId,
    tax_zip_code: g.taxZipCode,
  };
}

/** enrolment.guardian.updated with the current state (edits and re-publish). */
export async function publishGuardianUpdated(tx: Executor, guardianId: string): Promise<void> {
  await enqueueEvent(tx, guardianUpdatedV1, await guardianSnapshot(tx, guardianId));
}
