import type { CreateScholarship } from '@cuota/contracts/billing/scholarships';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, notFound } from '@cuota/service-runtime/http/http-error';
import { studentById } from '@cuota/student-directory/student-directory-repository';
import { conceptById, UNKNOWN_CONCEPT } from '../concepts/concept-repository';
import { correctOrder, lockOrdersOfStudent } from '../orders/order-adjustment-repository';
import {
  hasMoney,
  pesos,
  scholarshipOn,
  WITH_PAYMENTS_NOTE,
} from '../orders/order-adjustment-rules';
import { UNKNOWN_STUDENT } from '../students/student-access';
import { insertScholarship } from './scholarship-repository';

/** A concept's scholarship bigger than its price is a typo, not a grant (also a massive one). */
export async function checkConcept(tx: Executor, schoolId: string, input: CreateScholarship) {
  if (input.concept_id === null) return;
  const { row } = await conceptById(tx, input.concept_id);
  if (row.schoolId !== schoolId) throw notFound(UNKNOWN_CONCEPT);
  if (input.kind === 'AMOUNT' && input.amount_centavos > row.priceCentavos)
    throw badRequest(
      `La beca no puede ser mayor que el precio del concepto (${pesos(row.priceCentavos)}).`,
    );
}

/**
 * Grants a scholarship and applies it to the student's orders already billed that fall due
 * from its start date and have no money applied, each as an audited correction with its
 * billing.order.adjusted (ADR 0035); orders with payments keep their amount and are counted.
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
    schoolId,
    studentId: input.student_id,
    conceptId: input.concept_id,
    kind: input.kind,
    basisPoints: input.kind === 'PERCENT' ? input.basis_points : null,
    amountCentavos: input.kind === 'AMOUNT' ? input.amount_centavos : null,
    startsOn: input.starts_on,
    reason: input.reason,
    createdBy: by,
  });
  const terms = {
    kind: input.kind,
    basisPoints: scholarship.basis_points,
    amountCentavos: scholarship.amount_centavos,
  };
  const reached = await lockOrdersOfStudent(tx, schoolId, input.student_id, {
    conceptId: input.concept_id,
    from: input.starts_on,
  });
  // avoid_scholarship keeps an order out of every grant (ADR 0035).
  const orders = reached.filter((o) => o.scholarshipRule !== 'avoid');
  let adjusted = 0;
  const withPayments = orders.filter(hasMoney).length;
  for (const o of orders.filter((x) => !hasMoney(x))) {
    const scholarshipCentavos = scholarshipOn(o, terms);
    const c = { kind: 'scholarship' as const, reason: input.reason, by };
    if (await correctOrder(tx, o, { scholarshipCentavos }, c)) adjusted += 1;
  }
  return {
    ...scholarship,
    orders_adjusted: adjusted,
    orders_with_payments: withPayments,
    note: withPayments > 0 ? WITH_PAYMENTS_NOTE(withPayments) : null,
  };
}
