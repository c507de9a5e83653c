import type {
  BulkJobKind,
  MassiveAssignment,
  MassiveDisassignment,
} from '@cuota/contracts/billing/bulk-jobs';
import type { Executor } from '@cuota/messaging/transaction';
import { billChunkOfRun, billPeriod, termsOf, type BillTerms } from '../bill-runs/run-bill';
import { conceptById, type ConceptRow } from '../concepts/concept-repository';
import { editOrder } from '../orders/correct-order';
import { hasMoney, ORDER_HAS_PAYMENTS } from '../orders/order-adjustment-rules';
import { grantScholarships, type ScholarshipGrant } from '../scholarships/grant-scholarship';
import { discountOrder } from '../special-charges/massive-special-discount';
import type { BulkJobRow } from './bulk-job-repository';
import { chunkStudents, NOT_ACTIVE } from './chunk-student-repository';
import { eachOrderOfChunk, orEveryone, type ChunkStep, type OrderAction } from './order-chunk';

const OTHER_LEVEL = 'Este alumno es de otro nivel que el del concepto.';

/** The concept and period of the job (a bill run's params too), or why none of the chunk can be done now. */
async function termsOfJob(tx: Executor, job: BulkJobRow) {
  const params = job.params as MassiveAssignment;
  const { row: concept } = await conceptById(tx, params.concept_id);
  return { concept, terms: termsOf(concept, params.period) };
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

/** A massive disassignment cancels the order, unless a payment landed on it meanwhile. */
const cancelOrder: OrderAction = async (tx, job, order, now) => {
  const params = job.params as MassiveDisassignment;
  const after = await editOrder(
    tx,
    job.schoolId,
    order.id,
    (locked) => (hasMoney(locked) ? [] : [{ kind: 'canceled', canceledAt: now }]),
    { reason: params.reason, by: job.createdBy, byName: job.createdByName },
  );
  return after.canceledAt ? null : ORDER_HAS_PAYMENTS;
};

const scholarshipChunk: ChunkStep = async (tx, job, ids) => {
  // The job keeps the body without its students: the grant each of them gets.
  const grant = job.params as ScholarshipGrant;
  const students = await chunkStudents(tx, job.schoolId, ids);
  const { ok, errors } = students.passing(ids, () => null);
  const okIds = ok.map((s) => s.studentId);
  await grantScholarships(tx, job.schoolId, grant, okIds, job.createdBy);
  return errors;
};

/**
 * Each kind's action on a chunk, for the one runner loop (runChunk): the set-based kinds bill
 * or grant the chunk at once; the per-order kinds share eachOrderOfChunk's loop (ADR 0098).
 */
export const CHUNK_STEPS: Record<BulkJobKind, ChunkStep> = {
  assignment: assignChunk,
  disassignment: eachOrderOfChunk(cancelOrder),
  scholarship: scholarshipChunk,
  bill_run: billRunChunk,
  discount: eachOrderOfChunk(discountOrder),
};
