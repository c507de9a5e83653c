import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianSchools, guardians } from '../schema';

/** Every school that knows the guardian (not only the one being read). */
const schoolIdsOf = sql<string[]>`coalesce((
  SELECT array_agg(gs.school_id ORDER BY gs.school_id) FROM guardian_schools gs
  WHERE gs.guardian_id = ${guardians.id}), '{}')`;

/** The guardians matching `where`, as other domains keep them, in id order. */
async function snapshots(
  tx: Executor,
  where: SQL,
  { schoolId, limit }: { schoolId?: string; limit?: number } = {},
): Promise<GuardianSnapshot[]> {
  const columns = {
    guardian_id: guardians.id,
    school_ids: schoolIdsOf,
    first_name: guardians.firstName,
    last_name: guardians.lastName,
    email: guardians.email,
    billing_name: guardians.billingName,
    tax_id: guardians.taxId,
    tax_zip_code: guardians.taxZipCode,
  };
  const base = schoolId
    ? tx
        .select(columns)
        .from(guardians)
        .innerJoin(
          guardianSchools,
          and(eq(guardianSchools.guardianId, guardians.id), eq(guardianSchools.schoolId, schoolId)),
        )
    : tx.select(columns).from(guardians);
  const query = base.where(where).orderBy(asc(guardians.id));
  return limit === undefined ? query : query.limit(limit);
}

/** The guardian as other domains keep it (invoicing's fiscal_guardians). */
export async function guardianSnapshot(
  tx: Executor,
  guardianId: string,
): Promise<GuardianSnapshot> {
  const [snapshot] = await snapshots(tx, eq(guardians.id, guardianId));
  if (!snapshot) throw new Error(`guardian ${guardianId} vanished inside its own transaction`);
  return snapshot;
}

/** One batch of a school's guardians after `afterId` (keyset by id), for bulk re-publishing. */
export function guardianSnapshotsOfSchool(
  tx: Executor,
  schoolId: string,
  afterId: string | null,
  limit: number,
): Promise<GuardianSnapshot[]> {
  return snapshots(tx, afterId ? gt(guardians.id, afterId) : sql`true`, { schoolId, limit });
}

/** enrolment.guardian.updated with the current state (edits and re-publish). */
export async function publishGuardianUpdated(tx: Executor, guardianId: string): Promise<void> {
  await enqueueEvent(tx, guardianUpdatedV1, await guardianSnapshot(tx, guardianId));
}
