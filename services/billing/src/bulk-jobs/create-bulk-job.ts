import type {
  BulkJob,
  BulkJobKind,
  MassiveAssignment,
  MassiveDisassignment,
  MassiveScholarship,
  MassiveSpecialDiscount,
} from '@cuota/contracts/billing/bulk-jobs';
import type { CreateScholarship } from '@cuota/contracts/billing/scholarships';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { termsOf } from '../bill-runs/run-bill';
import { conceptById, UNKNOWN_CONCEPT } from '../concepts/concept-repository';
import { checkConcept } from '../scholarships/grant-scholarship';
import { checkMassiveDiscount } from '../special-charges/massive-special-discount';
import {
  bulkJobOfSchool,
  insertBulkJob,
  saveBulkJob,
  starterColumns,
  toBulkJob,
  type BulkJobRow,
  type JobStarter,
} from './bulk-job-repository';

type Body = MassiveAssignment | MassiveDisassignment | MassiveScholarship | MassiveSpecialDiscount;

/** Whether the caller may cancel or retry a job of this kind (BULK_JOB_GRANTS). */
export type MayDrive = (kind: BulkJobKind) => boolean;
const NOT_YOURS = 'Tu rol no puede detener ni reintentar este tipo de proceso.';

async function conceptOfSchool(tx: Executor, schoolId: string, id: string) {
  const { row } = await conceptById(tx, id);
  if (row.schoolId !== schoolId) throw notFound(UNKNOWN_CONCEPT);
  return row;
}

/** What makes the whole job impossible is a 4xx now, with nothing written (ADR 0040). */
async function check(tx: Executor, schoolId: string, kind: BulkJobKind, body: Body) {
  if (kind === 'scholarship') {
    const { student_ids: ids, ...grant } = body as MassiveScholarship;
    return checkConcept(tx, schoolId, { ...grant, student_id: ids[0]! } as CreateScholarship);
  }
  const { concept_id, period } = body as MassiveAssignment;
  const concept = await conceptOfSchool(tx, schoolId, concept_id);
  if (kind === 'discount') return checkMassiveDiscount(concept, body as MassiveSpecialDiscount);
  // A deactivated concept bills nobody more, but its orders can still be taken back.
  termsOf(kind === 'disassignment' ? { ...concept, active: true } : concept, period);
}

/** A massive assignment, disassignment, scholarship or discount as a PENDING job (202). */
export async function createBulkJob(
  tx: Executor,
  schoolId: string,
  kind: BulkJobKind,
  body: Body,
  by: JobStarter,
): Promise<BulkJob> {
  await check(tx, schoolId, kind, body);
  const { student_ids, ...params } = body;
  return toBulkJob(
    await insertBulkJob(tx, {
      schoolId,
      kind,
      params,
      studentIds: student_ids,
      ...starterColumns(by),
    }),
  );
}

const FINAL = 'Este proceso ya terminó; no hay nada que cancelar.';
const NOT_RETRYABLE = 'Solo se reintentan los procesos que terminaron con errores.';
const isRunning = (j: BulkJobRow) => ['PENDING', 'STARTED', 'RETRYING'].includes(j.status);

/**
 * Cancel: what is done stays. A job no runner holds ends now; a running one is asked to stop
 * and ends at its next chunk (the runner's transaction holds the row meanwhile).
 */
export async function cancelBulkJob(tx: Executor, schoolId: string, id: string, may: MayDrive) {
  const job = await bulkJobOfSchool(tx, schoolId, id, { lock: true });
  if (!may(job.kind)) throw forbidden(NOT_YOURS);
  if (!isRunning(job)) throw conflict(FINAL);
  const held = job.leaseUntil !== null && job.leaseUntil > new Date();
  const status = job.failed > 0 ? 'FAILED_AND_CANCELED' : 'CANCELED';
  return toBulkJob(
    await saveBulkJob(tx, id, {
      cancelRequested: true,
      ...(held ? {} : { status, leaseToken: null, leaseUntil: null, finishedAt: new Date() }),
    }),
  );
}

/** Retry: the students that failed go through again (the others are done and stay so). */
export async function retryBulkJob(tx: Executor, schoolId: string, id: string, may: MayDrive) {
  const job = await bulkJobOfSchool(tx, schoolId, id, { lock: true });
  if (!may(job.kind)) throw forbidden(NOT_YOURS);
  if (isRunning(job) || job.failed === 0) throw conflict(NOT_RETRYABLE);
  return toBulkJob(
    await saveBulkJob(tx, id, {
      status: 'RETRYING',
      studentIds: job.errors.map((e) => e.student_id).sort(),
      done: job.done - job.failed,
      failed: 0,
      errors: [],
      cursor: null,
      cancelRequested: false,
      attempts: 0,
      leaseToken: null,
      leaseUntil: null,
      finishedAt: null,
    }),
  );
}
