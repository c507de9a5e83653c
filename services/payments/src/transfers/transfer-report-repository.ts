import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { paymentProofs, payins, transferReports } from '../schema';

/**
 * The only code that reads or writes `transfer_reports` and `payment_proofs` (ADR 0036). A
 * report's status is its payin's: the list reads both (payin-repository writes payins).
 */
export type TransferReportRow = typeof transferReports.$inferSelect;
export type NewTransferReport = Pick<
  TransferReportRow,
  'payinId' | 'schoolId' | 'studentId' | 'orderIds' | 'paidOn' | 'reference'
>;

export async function insertTransferReport(tx: Executor, report: NewTransferReport) {
  await tx.insert(transferReports).values(report);
}

/** Who confirmed or rejected the report, when, and why a rejection. */
export async function decideTransferReport(
  tx: Executor,
  payinId: string,
  decision: { by: string; name: string | null; at: Date; reason: string | null },
): Promise<void> {
  await tx
    .update(transferReports)
    .set({
      decidedBy: decision.by,
      decidedByName: decision.name,
      decidedAt: decision.at,
      rejectionReason: decision.reason,
    })
    .where(eq(transferReports.payinId, payinId));
}

export interface UploadedProof {
  contentType: string;
  fileName: string;
  bytes: Buffer;
}

/** A proof kept in the proof store: its description and the SHA-256 that names its file. */
export interface StoredProof {
  contentType: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
}

/** The report's proof, replacing the one before (the family may upload a better photo). */
export async function saveProof(tx: Executor, payinId: string, proof: StoredProof) {
  // `bytes: null`: a proof replaced after the store came no longer keeps the old bytes here.
  const values = { ...proof, bytes: null, uploadedAt: new Date() };
  await tx
    .insert(paymentProofs)
    .values({ payinId, ...values })
    .onConflictDoUpdate({ target: paymentProofs.payinId, set: values });
}

/** Of these proof files, the ones a report still names. */
export async function referencedProofs(db: Executor, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sha256: paymentProofs.sha256 })
    .from(paymentProofs)
    .where(inArray(paymentProofs.sha256, hashes));
  return new Set(rows.map((r) => r.sha256!));
}

export async function proofOf(db: Executor, payinId: string) {
  const [row] = await db.select().from(paymentProofs).where(eq(paymentProofs.payinId, payinId));
  return row ?? null;
}

const proofMeta = {
  contentType: paymentProofs.contentType,
  fileName: paymentProofs.fileName,
  sizeBytes: paymentProofs.sizeBytes,
  uploadedAt: paymentProofs.uploadedAt,
};

/** A report with its payin and its proof's description (never the bytes). */
export type ReportedTransfer = Awaited<ReturnType<typeof reportsWhere>>[number];

function reportsWhere(db: Executor, where: ReturnType<typeof and>) {
  return db
    .select({
      report: transferReports,
      payin: payins,
      proof: proofMeta,
    })
    .from(transferReports)
    .innerJoin(payins, eq(payins.id, transferReports.payinId))
    .leftJoin(paymentProofs, eq(paymentProofs.payinId, transferReports.payinId))
    .where(where)
    .orderBy(desc(payins.createdAt), desc(payins.id))
    .limit(500);
}

export async function reportedTransfer(
  db: Executor,
  payinId: string,
): Promise<ReportedTransfer | null> {
  const [row] = await reportsWhere(db, and(eq(transferReports.payinId, payinId)));
  return row ?? null;
}

/** A school's reports, newest first (a family: those of its students); at most 500. */
export function reportedTransfers(
  db: Executor,
  f: { schoolId: string; studentIds?: string[]; status?: string },
): Promise<ReportedTransfer[]> {
  return reportsWhere(
    db,
    and(
      eq(transferReports.schoolId, f.schoolId),
      f.studentIds ? inArray(transferReports.studentId, f.studentIds) : undefined,
      f.status ? eq(payins.status, sql`${f.status}`) : undefined,
    ),
  );
}

/** How many of a school's reported transfers wait for staff to confirm or reject them. */
export async function pendingTransferCount(db: Executor, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transferReports)
    .innerJoin(payins, eq(payins.id, transferReports.payinId))
    .where(and(eq(transferReports.schoolId, schoolId), eq(payins.status, sql`'pending'`)));
  return row!.count;
}
