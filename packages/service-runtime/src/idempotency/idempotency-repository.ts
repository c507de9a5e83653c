import { and, eq, lt, sql } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { idempotencyKeys } from './idempotency-schema';

/** A Drizzle database or an open transaction on it (the same type as messaging's Executor). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Writer = PgDatabase<NodePgQueryResultHKT, any>;

export interface Claim {
  caller: string;
  endpoint: string;
  key: string;
  requestHash: string;
  expiresAt: Date;
}

export interface StoredClaim {
  requestHash: string;
  response: unknown;
}

const keyOf = (claim: Pick<Claim, 'caller' | 'endpoint' | 'key'>) =>
  and(
    eq(idempotencyKeys.caller, claim.caller),
    eq(idempotencyKeys.endpoint, claim.endpoint),
    eq(idempotencyKeys.key, claim.key),
  );

/**
 * Takes the key for this request, or returns false when another request holds it. A second
 * request with the same key waits here on the primary key until the first one's transaction
 * ends: it then finds the stored answer (commit) or takes the key itself (rollback). An
 * expired row is taken over as if absent.
 */
export async function claimKey(tx: Writer, claim: Claim): Promise<boolean> {
  const taken = await tx
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoUpdate({
      target: [idempotencyKeys.caller, idempotencyKeys.endpoint, idempotencyKeys.key],
      set: { requestHash: claim.requestHash, response: null, expiresAt: claim.expiresAt },
      setWhere: lt(idempotencyKeys.expiresAt, sql`now()`),
    })
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

export async function storedClaim(tx: Writer, claim: Claim): Promise<StoredClaim> {
  const [row] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(keyOf(claim));
  return row!;
}

export async function saveResponse(tx: Writer, claim: Claim, response: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response: response ?? null })
    .where(keyOf(claim));
}

/**
 * Deletes a few expired keys (each claim does, so the table stays small without a job);
 * rows another transaction holds are skipped, so two purges never wait on each other.
 */
export async function purgeExpiredKeys(tx: Writer, batch = 20): Promise<void> {
  await tx.execute(sql`
    DELETE FROM ${idempotencyKeys} WHERE ctid IN (
      SELECT ctid FROM ${idempotencyKeys} WHERE ${idempotencyKeys.expiresAt} < now()
      LIMIT ${batch} FOR UPDATE SKIP LOCKED
    )`);
}
