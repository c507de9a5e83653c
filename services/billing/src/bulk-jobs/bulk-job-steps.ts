import type {
  BulkJobKind,
  MassiveAssignment,
  MassiveDisassignment,
} from '@cuota/contracts/billing/bulk-jobs';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { billChunkOfRun, billPeriod, termsOf, type BillTerms } from '../bill-runs/run-bill';
import { conceptById, type ConceptRow } from '../concepts/concept-repository';
import { editOrder } from '../orders/correct-order';
import { ordersOfConceptPeriod } from '../orders/order-adjustment-repository';
import { hasMoney, ORDER_HAS_PAYMENTS } from '../orders/order-adjustment-rules';
import { grantScholarships, type ScholarshipGrant } from '../scholarships/grant-scholarship';
import type { BulkJobError, BulkJobRow } from './bulk-job-repository';
import { discountChunk } from '../special-charges/massive-special-discount';
import { chunkStudents, NO_ORDER, NOT_ACTIVE } from './chunk-student-repository';

/**
 * One chunk of a job's students, in the chunk's transaction (ADR 0040): does what it can and
 * answers the students it could not do, each with its Spanish reason. Every step is idempotent
 * on its own as well (the orders' unique key, a cancelled order stays cancelled), so even a
 * chunk done twice would bill nothing twice; the lease makes sure it is not.
 */
export type ChunkStep = (
  tx: Executor,
  job: BulkJobRow,
  studentIds: string[],
  now: Date,
) => Promise<BulkJobError[]>;

const OTHER_LEVEL = 'Este alumno es de otro nivel que el del concepto.';

/** The concept and period of the job (a bill run's params too), or why none of the chunk can be done now. */
async function termsOfJob(tx: Executor, job: BulkJobRow) {
  const params = job.params as MassiveAssignment;
  const { row: concept } = await conceptById(tx, params.concept_id);
  return { concept, terms: termsOf(concept, params.period) };
}

/** The whole chunk fails with the reason a concept no longer allows it (deactivated meanwhile). */
async function orEveryone(
  ids: string[],
  work: () => Promise<BulkJobError[]>,
): Promise<BulkJobError[]> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof HttpError) || e.status >= 500) throw e;
    return ids.map((id) => ({ student_id: id, student_name: null, reason: e.message }));
  }
}

/**
 * Bills a chunk's students with `bill`, which answers how many of them it found eligible
 * (of the school, active, of the concept's level: its statement checks, ADR 0016). Only when
 * some were not are the chunk's students read, to name each one left out and why: a chunk
 * of 5,000 read for nothing cost 0.3 s. Students who already have the order are done: the
 * unique key bills them nothing.
 */
const billingChunk =
  (
    bill: (
      tx: Executor,
      job: BulkJobRow,
      c: ConceptRow,
      t: BillTerms,
      ids: string[],
    ) => Promise<number>,
  ): ChunkStep =>
  (tx, job, ids) =>
    orEveryone(ids, async () => {
      const { concept, terms } = await termsOfJob(tx, job);
      const eligible = await bill(tx, job, concept, terms, ids);
      if (eligible === ids.length) return [];
      const students = await chunkStudents(tx, job.schoolId, ids);
      return students.passing(ids, (s) => assignable(concept, s)).errors;
    });

/** A massive assignment's chunk is a bill run of its own (ADR 0040). */
const assignChunk = billingChunk(
  async (tx, job, concept, terms, studentIds) =>
    (await billPeriod(tx, concept, terms, { bulkJobId: job.id, studentIds })).eligibleStudents,
);

/** A bill run's chunk goes into the run that has the job's id (ADR 0046). */
const billRunChunk = billingChunk((tx, job, concept, terms, studentIds) =>
  billChunkOfRun(tx, job.id, concept, terms, studentIds),
);

function assignable(concept: ConceptRow, s: { status: string | null; level: string | null }) {
  if (s.status !== 'active') return NOT_ACTIVE;
  return concept.level !== null && s.level !== concept.level ? OTHER_LEVEL : null;
}

const disassignChunk: ChunkStep = (tx, job, ids, now) =>
  orEveryone(ids, async () => {
    const params = job.params as MassiveDisassignment;
    const students = await chunkStudents(tx, job.schoolId, ids);
    const orders = await ordersOfConceptPeriod(tx, {
      schoolId: job.schoolId,
      conceptId: params.concept_id,
      period: params.period ?? null,
      studentIds: ids,
    });
    const orderOf = new Map(orders.map((o) => [o.studentId, o]));
    const errors: BulkJobError[] = [];
    for (const id of ids) {
      const order = orderOf.get(id);
      if (!order) {
        errors.push(students.error(id, NO_ORDER));
        continue;
      }
      // Decided on the locked order: a payment landing meanwhile keeps it (ADR 0035).
      const after = await editOrder(
        tx,
        job.schoolId,
        order.id,
        (locked) => (hasMoney(locked) ? [] : [{ kind: 'canceled', canceledAt: now }]),
        { reason: params.reason, by: job.createdBy, byName: null },
      );
      if (!after.canceledAt) errors.push(students.error(id, ORDER_HAS_PAYMENTS));
    }
    return errors;
  });

const scholarshipChunk: ChunkStep = async (tx, job, ids) => {
  // The job keeps the body without its students: the grant each of them gets.
  const grant = job.params as ScholarshipGrant;
  const students = await chunkStudents(tx, job.schoolId, ids);
  const { ok, errors } = students.passing(ids, () => null);
  const okIds = ok.map((s) => s.studentId);
  await grantScholarships(tx, job.schoolId, grant, okIds, job.createdBy);
  return errors;
};

export const CHUNK_STEPS: Record<BulkJobKind, ChunkStep> = {
  assignment: assignChunk,
  disassignment: disassignChunk,
  scholarship: scholarshipChunk,
  bill_run: billRunChunk,
  discount: discountChunk,
};
