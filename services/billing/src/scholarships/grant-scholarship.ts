import type { CreateScholarship } from '@cuota/contracts/billing/scholarships';
import type { Executor } from '@cuota/messaging/transaction';
import { invalidField, notFound } from '@cuota/service-runtime/http/http-error';
import { studentById } from '@cuota/student-directory/student-directory-repository';
import { requireStartInCycle } from '../concepts/concept-cycle';
import { conceptById, UNKNOWN_CONCEPT } from '../concepts/concept-repository';
import { correctScholarshipOfStudents } from '../orders/order-adjustment-repository';
import { pesos, WITH_PAYMENTS_NOTE } from '../orders/order-adjustment-rules';
import { UNKNOWN_STUDENT } from '../students/student-access';
import { insertScholarship, insertScholarshipsOf } from './scholarship-repository';

/** A scholarship's terms, whoever gets it. */
export type ScholarshipGrant = CreateScholarship extends infer T
  ? T extends unknown
    ? Omit<T, 'student_id'>
    : never
  : never;

/**
 * A concept's scholarship bigger than its price, or starting after its year (ADR 0079), is a
 * typo, not a grant (also a massive one).
 */
export async function checkConcept(tx: Executor, schoolId: string, input: CreateScholarship) {
  if (input.concept_id === null) return;
  const { row } = await conceptById(tx, input.concept_id);
  if (row.schoolId !== schoolId) throw notFound(UNKNOWN_CONCEPT);
  requireStartInCycle(row, input.starts_on);
  if (input.kind === 'AMOUNT' && input.amount_centavos > row.priceCentavos)
    throw invalidField(
      'amount_centavos',
      `La beca no puede ser mayor que el precio del concepto (${pesos(row.priceCentavos)}).`,
    );
}

/** A grant as the scholarships table keeps it, for any of its students. */
const rowOf = (schoolId: string, input: ScholarshipGrant, by: string | null) => ({
  schoolId,
  conceptId: input.concept_id,
  kind: input.kind,
  basisPoints: input.kind === 'PERCENT' ? input.basis_points : null,
  amountCentavos: input.kind === 'AMOUNT' ? input.amount_centavos : null,
  startsOn: input.starts_on,
  reason: input.reason,
  createdBy: by,
});

/**
 * A grant reaches its students' orders already billed that fall due from its start date, but
 * not those with money applied (counted instead) nor those set to avoid scholarships (ADR
 * 0035); each changed order is an audited correction, sent in billing.orders.adjusted.
 */
const applyGrant = (
  tx: Executor,
  schoolId: string,
  input: ScholarshipGrant,
  studentIds: string[],
  by: string | null,
) =>
  correctScholarshipOfStudents(
    tx,
    schoolId,
    studentIds,
    {
      kind: input.kind,
      basisPoints: input.kind === 'PERCENT' ? input.basis_points : null,
      amountCentavos: input.kind === 'AMOUNT' ? input.amount_centavos : null,
      conceptId: input.concept_id,
      from: input.starts_on,
    },
    { kind: 'scholarship', reason: input.reason, by },
  );

/**
 * Grants a scholarship and applies it to the student's orders already billed (applyGrant);
 * orders with payments keep their amount and are counted.
 */
export async function grantScholarship(
  tx: Executor,
  schoolId: string,
  input: CreateScholarship,
  by: string | null,
) {
  const student = await studentById(tx, input.student_id);
  if (!student || student.schoolId !== schoolId) throw notFound(UNKNOWN_STUDENT);
  await checkConcept(tx, schoolId, input);
  const scholarship = await insertScholarship(tx, {
    ...rowOf(schoolId, input, by),
    studentId: input.student_id,
  });
  const { adjusted, withPayments } = await applyGrant(tx, schoolId, input, [student.studentId], by);
  return {
    ...scholarship,
    orders_adjusted: adjusted,
    orders_with_payments: withPayments,
    note: withPayments > 0 ? WITH_PAYMENTS_NOTE(withPayments) : null,
  };
}

/**
 * One grant to many students of the school at once (a massive scholarship's chunk, ADR 0040):
 * a row each and the same rules as one grant, in a few statements for the whole chunk.
 */
export async function grantScholarships(
  tx: Executor,
  schoolId: string,
  input: ScholarshipGrant,
  studentIds: string[],
  by: string | null,
) {
  if (studentIds.length === 0) return;
  await insertScholarshipsOf(tx, rowOf(schoolId, input, by), studentIds);
  await applyGrant(tx, schoolId, input, studentIds, by);
}
