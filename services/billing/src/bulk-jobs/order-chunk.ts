import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { ordersOfConceptPeriod } from '../orders/order-adjustment-repository';
import type { OrderForPayment } from '../orders/order-payment-repository';
import type { BulkJobError, BulkJobRow } from './bulk-job-repository';
import { chunkStudents, NO_ORDER } from './chunk-student-repository';

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

/**
 * What a per-order job (a disassignment, a discount) does to one student's order of the
 * job's concept and period, decided on the locked order (ADR 0035): the Spanish reason it
 * could not, or null (done, or already done by an earlier run of the chunk).
 */
export type OrderAction = (
  tx: Executor,
  job: BulkJobRow,
  order: OrderForPayment,
  now: Date,
) => Promise<string | null>;

/** The whole chunk fails with the reason a concept no longer allows it (deactivated meanwhile). */
export async function orEveryone(
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
 * The one loop of the per-order kinds (ADR 0098): the chunk's students' orders of the job's
 * concept and period, read in one statement, each given to `action`; a student without that
 * order is NO_ORDER, and a refusal is that student's error, named.
 */
export const eachOrderOfChunk =
  (action: OrderAction): ChunkStep =>
  (tx, job, ids, now) =>
    orEveryone(ids, async () => {
      const params = job.params as { concept_id: string; period?: string | null };
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
        const reason = order ? await action(tx, job, order, now) : NO_ORDER;
        if (reason) errors.push(students.error(id, reason));
      }
      return errors;
    });
