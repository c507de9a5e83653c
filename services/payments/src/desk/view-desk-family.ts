import type { DeskFamily, DeskOrder } from '@cuota/contracts/payments/desk';
import { studentNames } from '@cuota/student-directory/student-directory-repository';
import { allocationWatermark } from '../allocation/allocation-repository';
import type { DueOrder } from '../allocation/allocation-rules';
import { creditBalances } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { deskLimitOf } from '../schools/school-repository';
import { dueOfFamily, familyAtDesk, owedOfFamily } from './desk-family';
import { totalOwed } from '../owed/owed-rules';
import { deskSequence } from './desk-rules';

const toDeskOrder = (o: DueOrder): DeskOrder => ({
  order_id: o.orderId,
  student_id: o.studentId,
  concept_name: o.conceptName,
  concept_type: o.conceptType,
  period: o.period,
  due_on: o.dueOn,
  late_fee_due_centavos: o.lateFeeDue,
  base_due_centavos: o.baseDue,
});

/** What the cashier sees after choosing a student (ADR 0036): the family, owed and credit. */
export async function viewDeskFamily(
  deps: PaymentsDeps,
  schoolId: string,
  studentId: string,
): Promise<DeskFamily> {
  const { db, billing } = deps;
  const family = await familyAtDesk(db, schoolId, studentId);
  const watermark = await allocationWatermark(db);
  const [due, names, credit, owed, limit] = await Promise.all([
    dueOfFamily(db, billing, schoolId, family.memberIds, watermark),
    studentNames(db, family.memberIds),
    creditBalances(db, schoolId, family.memberIds),
    owedOfFamily(db, schoolId, family.memberIds),
    deskLimitOf(db, schoolId),
  ]);
  const orders = [...due].sort(deskSequence(studentId));
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
  return {
    student_id: studentId,
    guardian_id: family.guardianId,
    students: family.memberIds.map((id) => ({
      student_id: id,
      name: names.get(id) ?? id,
      credit_centavos: credit.get(id) ?? 0,
      refund_owed_centavos: owed.find((o) => o.studentId === id)?.centavos ?? 0,
      orders: orders.filter((o) => o.studentId === id).map(toDeskOrder),
    })),
    owed_centavos: sum(orders.map((o) => o.baseDue + o.lateFeeDue)),
    credit_centavos: sum([...credit.values()]),
    refund_owed_centavos: totalOwed(owed),
    limit_centavos: limit,
  };
}
