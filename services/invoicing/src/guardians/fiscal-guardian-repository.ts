import { arrayContains, eq, inArray, sql } from 'drizzle-orm';
import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { blankGuardian } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { fiscalGuardians } from '../schema';

/** The only code that touches `fiscal_guardians`, invoicing's copy of guardians' tax data. */
export type FiscalGuardianRow = typeof fiscalGuardians.$inferSelect;

/**
 * Writes a guardian's fiscal snapshot keyed by guardian id. An older snapshot never
 * overwrites a newer one, so a replayed or late event cannot roll the data back.
 */
export async function upsertFiscalGuardian(
  tx: Executor,
  guardian: GuardianSnapshot,
  occurredAt: Date,
): Promise<void> {
  const changes = {
    schoolIds: guardian.school_ids,
    email: guardian.email,
    billingName: guardian.billing_name,
    taxId: guardian.tax_id,
    taxZipCode: guardian.tax_zip_code,
    // Absent (an older producer) and null (not given) both mean no régimen yet.
    taxRegime: guardian.tax_regime ?? null,
    cfdiUse: guardian.cfdi_use ?? null,
    updatedAt: occurredAt,
  };
  await tx
    .insert(fiscalGuardians)
    .values({ guardianId: guardian.guardian_id, ...changes })
    .onConflictDoUpdate({
      target: fiscalGuardians.guardianId,
      set: changes,
      setWhere: sql`${fiscalGuardians.updatedAt} <= excluded.updated_at`,
    });
}

/**
 * A guardian deleted in enrolment: their fiscal data and schools are forgotten. The row stays
 * as a tombstone dated by the event, so a late, older snapshot cannot bring the data back.
 */
export async function forgetFiscalGuardian(
  tx: Executor,
  guardianId: string,
  occurredAt: Date,
): Promise<void> {
  await upsertFiscalGuardian(tx, blankGuardian(guardianId), occurredAt);
}

export async function fiscalGuardianById(
  db: Executor,
  id: string,
): Promise<FiscalGuardianRow | undefined> {
  const [row] = await fiscalGuardiansByIds(db, [id]);
  return row;
}

export function fiscalGuardiansByIds(
  db: Executor,
  ids: readonly string[],
): Promise<FiscalGuardianRow[]> {
  return db
    .select()
    .from(fiscalGuardians)
    .where(inArray(fiscalGuardians.guardianId, [...new Set(ids)]));
}

/** Every guardian of a school (the demo seed registers their RFCs in the PAC sandbox). */
export function fiscalGuardiansOfSchool(
  db: Executor,
  schoolId: string,
): Promise<FiscalGuardianRow[]> {
  return db
    .select()
    .from(fiscalGuardians)
    .where(arrayContains(fiscalGuardians.schoolIds, [schoolId]));
}

/** Where a guardian's invoices go, when invoicing knows the guardian and an address. */
export async function guardianEmail(db: Executor, guardianId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: fiscalGuardians.email })
    .from(fiscalGuardians)
    .where(eq(fiscalGuardians.guardianId, guardianId));
  return row?.email ?? null;
}
