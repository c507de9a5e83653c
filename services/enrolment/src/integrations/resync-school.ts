import type { EnrolmentDb } from '../enrolment-db';
import {
  countGuardiansOfSchool,
  republishGuardiansOfSchool,
} from '../guardians/guardian-repository';
import { countStudentsOfSchool } from '../students/student-repository';
import { republishStudentsOfSchool } from '../students/student-snapshot-repository';
import type { Executor } from '@cuota/messaging/transaction';

/**
 * Integration tasks (docs/adr/0014-integration-resync.md): enrolment's current state
 * re-published as enrolment.student.updated / enrolment.guardian.updated, each a fresh event
 * (new id, occurred_at now) carrying the whole snapshot. Billing's student_directory and
 * invoicing's fiscal_guardians upsert by key with "newest occurred_at wins", so a re-publish
 * repairs a lost or damaged row and is harmless for a healthy one.
 */

/** Rows per transaction: small enough to keep locks and the outbox insert short. */
export const RESYNC_BATCH_SIZE = 1000;

type RepublishBatch = (
  tx: Executor,
  schoolId: string,
  afterId: string | null,
  limit: number,
) => Promise<string[]>;

/**
 * Walks a school's rows by id, one transaction per batch. Each committed batch is durable
 * (the relay publishes it), so a failure half-way leaves the earlier batches published and
 * the task can simply be run again.
 */
async function republishAll(
  db: EnrolmentDb,
  schoolId: string,
  republish: RepublishBatch,
  batchSize: number,
): Promise<number> {
  let afterId: string | null = null;
  let total = 0;
  for (;;) {
    const ids: string[] = await db.transaction((tx) => republish(tx, schoolId, afterId, batchSize));
    total += ids.length;
    if (ids.length < batchSize) return total;
    afterId = ids[ids.length - 1]!;
  }
}

/** Every student and every guardian the school knows, re-published in batches. */
export async function resyncSchool(
  db: EnrolmentDb,
  schoolId: string,
  { batchSize = RESYNC_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<{ students: number; guardians: number }> {
  const students = await republishAll(db, schoolId, republishStudentsOfSchool, batchSize);
  const guardians = await republishAll(db, schoolId, republishGuardiansOfSchool, batchSize);
  return { students, guardians };
}

/** How many students and guardians the school has: what massive_sync is about to re-publish. */
export async function schoolSize(
  db: EnrolmentDb,
  schoolId: string,
): Promise<{ students: number; guardians: number }> {
  const [students, guardians] = await Promise.all([
    countStudentsOfSchool(db, schoolId),
    countGuardiansOfSchool(db, schoolId),
  ]);
  return { students, guardians };
}
