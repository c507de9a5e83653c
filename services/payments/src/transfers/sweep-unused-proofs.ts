import type { Executor } from '@cuota/messaging/transaction';
import type { ProofStore } from './proof-store';
import { referencedProofs } from './transfer-report-repository';

/** An upload's file may wait this long for its report's row to commit. */
export const PROOF_GRACE_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Forgets the proof files no report names (ADR 0045): a photo replaced by a better one, or an
 * upload whose transaction failed after its bytes were kept. Only files older than the grace
 * are looked at, and each is checked again just before it goes, so an upload of the same bytes
 * in between (which rewrites the file) keeps it. Answers how many files went.
 */
export async function sweepUnusedProofs(
  db: Executor,
  store: ProofStore,
  now: Date,
  graceMs = PROOF_GRACE_MS,
): Promise<number> {
  const before = new Date(now.getTime() - graceMs);
  let batch: string[] = [];
  let deleted = 0;
  const sweep = async () => {
    const kept = await referencedProofs(db, batch);
    for (const sha256 of batch)
      if (!kept.has(sha256) && (await store.deleteIfWrittenBefore(sha256, before))) deleted++;
    batch = [];
  };
  for await (const sha256 of store.writtenBefore(before)) {
    batch.push(sha256);
    if (batch.length === BATCH) await sweep();
  }
  await sweep();
  return deleted;
}
