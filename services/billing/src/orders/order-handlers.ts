import {
  getBookkeeperOrder,
  getStudentConcept,
  getStudentOrder,
  listFamilyFulfillments,
  listFamilyOrders,
  listStudentConcepts,
  listStaffStudentAssignments,
  listStaffStudentFulfillments,
  listStaffStudentOrders,
  listStudentOrders,
  listStudentPaidByConceptType,
} from '@cuota/contracts/billing/endpoints/orders';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { BillingContext } from '../billing-db';
import { callerSees, studentOfCaller } from '../students/student-access';
import {
  allocationsOfOrder,
  orderById,
  ordersOfGuardian,
  ordersOfStudent,
  studentOfOrderRow,
  UNKNOWN_ORDER,
} from './order-repository';
import { byConcept, paidByConceptType, toOrder, toOrderDetail } from './order-view';
import { staffOrderDetail } from './staff-order-detail';

type StudentCall = Parameters<typeof studentOfCaller>[1] & {
  params: { id: string };
  query: { as_of?: string };
};

export function orderHandlers({ db, today }: BillingContext) {
  const asOf = (query: { as_of?: string }) => query.as_of ?? today();
  const studentOrders = async (studentId: string, date: string) =>
    (await ordersOfStudent(db, studentId)).map((o) => toOrder(o, date));
  /**
   * The student's orders once the caller is known to see them. Each order row carries its
   * student's directory copy, so a student with orders is checked on the first row: one
   * statement for the family's list (issue 16), the directory read only when there is none.
   */
  const ordersOf = async (call: StudentCall) => {
    const rows = await ordersOfStudent(db, call.params.id);
    const student = studentOfOrderRow(rows[0]);
    if (student) callerSees(call, student);
    else await studentOfCaller(db, call, call.params.id);
    const date = asOf(call.query);
    return rows.map((o) => toOrder(o, date));
  };
  const familyOrders = async (caller: IdentityClaims, schoolId: string, date: string) =>
    caller.kind === 'guardian'
      ? (await ordersOfGuardian(db, schoolId, caller.guardian_id)).map((o) => toOrder(o, date))
      : [];
  const detail = async (orderId: string, date: string) => {
    const row = await orderById(db, orderId);
    if (!row) throw notFound(UNKNOWN_ORDER);
    return {
      row,
      detail: async () => toOrderDetail(row, await allocationsOfOrder(db, orderId), date),
    };
  };

  return [
    implement(listStudentOrders, ordersOf),
    implement(listStaffStudentOrders, ordersOf),
    implement(listStaffStudentFulfillments, async (call) =>
      (await ordersOf(call)).filter((o) => o.pending_amount > 0),
    ),
    implement(listStaffStudentAssignments, async (call) =>
      byConcept(await ordersOf(call)).map(({ orders, ...concept }) => ({
        ...concept,
        periods: orders.map((o) => o.period),
        orders: orders.length,
      })),
    ),
    implement(listStudentPaidByConceptType, async (call) =>
      paidByConceptType(await ordersOf(call)),
    ),
    implement(getStudentOrder, async (call) => {
      await studentOfCaller(db, call, call.params.student);
      const found = await detail(call.params.order, asOf(call.query));
      if (found.row.order.studentId !== call.params.student) throw notFound(UNKNOWN_ORDER);
      return found.detail();
    }),
    implement(getBookkeeperOrder, async (call) => {
      const row = await orderById(db, call.params.id);
      if (!row) throw notFound(UNKNOWN_ORDER);
      call.requireStaffOf(row.order.schoolId);
      return staffOrderDetail(db, row, asOf(call.query));
    }),
    implement(listStudentConcepts, async (call) => {
      await studentOfCaller(db, call, call.params.id);
      return byConcept(await studentOrders(call.params.id, asOf(call.query)));
    }),
    implement(getStudentConcept, async (call) => {
      await studentOfCaller(db, call, call.params.student);
      const orders = await studentOrders(call.params.student, asOf(call.query));
      const [group] = byConcept(orders.filter((o) => o.concept_id === call.params.concept));
      if (!group) throw notFound('No encontramos este concepto para el alumno.');
      return group;
    }),
    implement(listFamilyOrders, ({ caller, params, query }) =>
      familyOrders(caller, params.id, asOf(query)),
    ),
    implement(listFamilyFulfillments, async ({ caller, params, query }) =>
      (await familyOrders(caller, params.id, asOf(query))).filter((o) => o.pending_amount > 0),
    ),
  ];
}
