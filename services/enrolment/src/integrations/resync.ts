import { count, eq } from 'drizzle-orm';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { enqueueEvents } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import type { EnrolmentDb } from '../enrolment-db';
import { guardianSnapshotsOfSchool } from '../guardians/guardian-snapshot';
import { guardianSchools, students } from '../schema';
import { studentSnapshotsOfSchool } from '../students/student-snapshot';

/**
 * Integration tasks (docs/adr/0014-integration-resync.md): enrolment's current state
 * re-published as enrolment.student.updated / enrolment.guardian.updated, each a fresh event
 * (new id, occurred_at now) carrying the whole snapshot. Billing's student_directory and
 * invoicing's fiscal_guardians upsert by key with "newest occurred_at wins", so a re-publish
 * repairs a lost or damaged row and is harmless for a healthy one.
 */

/** Rows per transaction: small enough to keep locks and the outbox insert short. */
export const RESYNC_BATCH_SIZE = 1000;

type SnapshotBatch<T> = (
  tx: Executor,
  schoolId: string,
  afterId: string | null,
  limit: number,
) => Promise<T[]>;

/**
 * Walks a school's rows by id, one transaction per batch, enqueueing one event per row.
 * Each committed batch is durable (the relay publishes it), so a failure half-way leaves the
 * earlier batches published and the task can simply be run again.
 */
async function republishAll<T>(
  db: EnrolmentDb,
  schoolId: string,
  batch: SnapshotBatch<T>,
  idOf: (row: T) => string,
  enqueue: (tx: Executor, rows: T[]) => Promise<unknown>,
  batchSize: number,
): Promise<number> {
  let afterId: string | null = null;
  let total = 0;
  for (;;) {
    const rows: T[] = await db.transaction(async (tx) => {
      const found = await batch(tx, schoolId, afterId, batchSize);
      await enqueue(tx, found);
      return found;
    });
    total += rows.length;
    if (rows.length < batchSize) return total;
    afterId = idOf(rows[rows.length - 1]!);
  }
}

/** Every student and every guardian the school knows, re-published in batches. */
export async function resyncSchool(
  db: EnrolmentDb,
  schoolId: string,
  { batchSize = RESYNC_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<{ students: number; guardians: number }> {
  const studentCount = await republishAll(
    db,
    schoolId,
    studentSnapshotsOfSchool,
    (s) => s.student_id,
    (tx, rows) => enqueueEvents(tx, studentUpdatedV1, rows),
    batchSize,
  );
  const guardianCount = await republishAll(
    db,
    schoolId,
    guardianSnapshotsOfSchool,
    (g) => g.guardian_id,
    (tx, rows) => enqueueEvents(tx, guardianUpdatedV1, rows),
    batchSize,
  );
  return { students: studentCount, guardians: guardianCount };
}

/** How many students and guardians the school has: what massive_sync is about to re-publish. */
export async function schoolSize(
  db: EnrolmentDb,
  schoolId: string,
): Promise<{ students: number; guardians: number }> {
  const [[s], [g]] = await Promise.all([
    db.select({ n: count() }).from(students).where(eq(students.schoolId, schoolId)),
    db.select({ n: count() }).from(guardianSchools).where(eq(guardianSchools.schoolId, schoolId)),
  ]);
  return { students: s!.n, guardians: g!.n };
}
