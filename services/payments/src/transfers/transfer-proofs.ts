import type { Executor } from '@cuota/messaging/transaction';
import type { ProofStore } from './proof-store';
import { proofOf, saveProof, type UploadedProof } from './transfer-report-repository';

/**
 * A report's proof into the proof store, then its description into the database (ADR 0045).
 * The file goes first: if the row is never written the file is an orphan no row names
 * (harmless; the same bytes uploaded again reuse it), never a row naming a missing file.
 */
export async function keepProof(
  db: Executor,
  proofs: ProofStore,
  payinId: string,
  proof: UploadedProof,
): Promise<void> {
  const sha256 = await proofs.put(proof.bytes);
  await saveProof(db, payinId, {
    contentType: proof.contentType,
    fileName: proof.fileName,
    sizeBytes: proof.bytes.length,
    sha256,
  });
}

/** The report's proof file, or null: from the store, or (uploaded before it) from its row. */
export async function proofFile(
  db: Executor,
  proofs: ProofStore,
  payinId: string,
): Promise<{ data: Buffer; contentType: string } | null> {
  const row = await proofOf(db, payinId);
  if (!row) return null;
  const data = row.sha256 ? await proofs.get(row.sha256) : row.bytes;
  return data ? { data, contentType: row.contentType } : null;
}
