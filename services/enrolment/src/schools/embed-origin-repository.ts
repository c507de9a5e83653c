import { asc, eq } from 'drizzle-orm';
import type { EmbedOrigins } from '@cuota/contracts/enrolment/embed-origins';
import type { Executor } from '@cuota/messaging/transaction';
import type { EnrolmentDb } from '../enrolment-db';
import { schoolEmbedOrigins } from '../schema';

/** The only code that reads or writes `school_embed_origins` (ADR 0066). */
export async function embedOriginsOf(db: Executor, schoolId: string): Promise<EmbedOrigins> {
  const rows = await db
    .select({ origin: schoolEmbedOrigins.origin })
    .from(schoolEmbedOrigins)
    .where(eq(schoolEmbedOrigins.schoolId, schoolId))
    .orderBy(asc(schoolEmbedOrigins.origin));
  return { origins: rows.map((r) => r.origin) };
}

/** The list is replaced whole: what the school sees saved is exactly what it typed. */
export async function replaceEmbedOrigins(
  db: EnrolmentDb,
  schoolId: string,
  { origins }: EmbedOrigins,
): Promise<EmbedOrigins> {
  await db.transaction(async (tx) => {
    await tx.delete(schoolEmbedOrigins).where(eq(schoolEmbedOrigins.schoolId, schoolId));
    if (origins.length)
      await tx.insert(schoolEmbedOrigins).values(origins.map((origin) => ({ schoolId, origin })));
  });
  return embedOriginsOf(db, schoolId);
}

/** Adds origins, keeping those already registered (the demo seed, on every start). */
export async function addEmbedOrigins(db: Executor, schoolId: string, origins: string[]) {
  await db
    .insert(schoolEmbedOrigins)
    .values(origins.map((origin) => ({ schoolId, origin })))
    .onConflictDoNothing();
}
