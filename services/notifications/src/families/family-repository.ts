import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { blankGuardian } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { guardians, schools } from '../schema';
import { dataProblems } from './data-problems';
import { whatsAppNumber } from './whatsapp-number';

/**
 * The only code that writes notifications' copies of enrolment's schools and guardians. An
 * older snapshot never overwrites a newer one, so a replayed or late event cannot roll back.
 */
export async function upsertGuardian(
  tx: Executor,
  guardian: GuardianSnapshot,
  occurredAt: Date,
): Promise<void> {
  const changes = {
    schoolIds: guardian.school_ids,
    firstName: guardian.first_name,
    lastName: guardian.last_name,
    email: guardian.email,
    phone: whatsAppNumber(guardian.phone),
    guardianHash: guardian.guardian_hash ?? null,
    onboardingStage: guardian.onboarding_stage ?? null,
    dataProblems: dataProblems(guardian),
    updatedAt: occurredAt,
  };
  await tx
    .insert(guardians)
    .values({ guardianId: guardian.guardian_id, ...changes })
    .onConflictDoUpdate({
      target: guardians.guardianId,
      set: changes,
      setWhere: sql`${guardians.updatedAt} <= excluded.updated_at`,
    });
}

/** Deleted in enrolment: kept as a tombstone without address, so nothing more is sent. */
export function forgetGuardian(tx: Executor, guardianId: string, occurredAt: Date) {
  return upsertGuardian(tx, blankGuardian(guardianId), occurredAt);
}

export async function upsertSchool(
  tx: Executor,
  school: { school_id: string; name: string },
  occurredAt: Date,
): Promise<void> {
  const changes = { name: school.name, updatedAt: occurredAt };
  await tx
    .insert(schools)
    .values({ schoolId: school.school_id, ...changes })
    .onConflictDoUpdate({
      target: schools.schoolId,
      set: changes,
      setWhere: sql`${schools.updatedAt} <= excluded.updated_at`,
    });
}

/** The names of these schools, by id (a school not heard of yet is absent). */
export async function schoolNamesOf(db: Executor, schoolIds: string[]) {
  const found = await db.select().from(schools).where(inArray(schools.schoolId, schoolIds));
  return new Map(found.map((s) => [s.schoolId, s.name]));
}

/** The portal tokens of these guardians that have one, by guardian id (ADR 0084). */
export async function guardianHashesOf(db: Executor, guardianIds: string[]) {
  const found = await db
    .select({ guardianId: guardians.guardianId, hash: guardians.guardianHash })
    .from(guardians)
    .where(inArray(guardians.guardianId, guardianIds));
  return new Map(found.flatMap((g) => (g.hash ? [[g.guardianId, g.hash] as const] : [])));
}

/** The guardians with this WhatsApp number and a portal token (siblings' schools apart). */
export function guardiansByPhone(db: Executor, phone: string) {
  return db
    .select({
      guardianId: guardians.guardianId,
      firstName: guardians.firstName,
      guardianHash: guardians.guardianHash,
    })
    .from(guardians)
    .where(and(eq(guardians.phone, phone), isNotNull(guardians.guardianHash)))
    .orderBy(guardians.guardianId);
}

export async function guardianOf(db: Executor, guardianId: string) {
  const [row] = await db.select().from(guardians).where(eq(guardians.guardianId, guardianId));
  return row;
}
