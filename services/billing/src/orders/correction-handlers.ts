import {
  avoidScholarship,
  changeOrderPrices as changeOrderPricesEndpoint,
  editBase,
  editDue,
  forceScholarship,
  patchBookkeeperOrder,
  replaceBookkeeperOrder,
  switchInterestForgiven,
} from '@cuota/contracts/billing/endpoints/corrections';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { BillingContext } from '../billing-db';
import { changeOrderPrices } from '../concepts/change-order-prices';
import { conceptById, UNKNOWN_CONCEPT } from '../concepts/concept-repository';
import { editOfReplace, editOrder, editsOfPatch, who, type OrderEdit } from './correct-order';
import { forcedScholarship } from '../scholarships/force-scholarship';
import type { OrderForPayment } from './order-payment-repository';
import { orderById, UNKNOWN_ORDER } from './order-repository';
import { staffOrderDetail } from './staff-order-detail';

export function correctionHandlers({ db, today }: BillingContext) {
  const correct = async (
    call: { params: { id: string; fulfillment: string }; caller: IdentityClaims },
    reason: string,
    edit: OrderEdit | ((tx: Executor, locked: OrderForPayment) => Promise<OrderEdit[]>),
  ) => {
    const { id: schoolId, fulfillment } = call.params;
    await db.transaction((tx) =>
      editOrder(
        tx,
        schoolId,
        fulfillment,
        (locked) => (typeof edit === 'function' ? edit(tx, locked) : [edit]),
        who(call.caller, reason),
      ),
    );
    return staffOrderDetail(db, (await orderById(db, fulfillment))!, today());
  };
  /** The book-keeper's rows name only the order: its school is the one the caller must staff. */
  const correctAsBookkeeper = async (
    call: { params: { id: string }; body: { reason: string }; caller: IdentityClaims } & {
      requireStaffOf: (schoolId: string) => void;
    },
    edits: OrderEdit[],
  ) => {
    const row = await orderById(db, call.params.id);
    if (!row) throw notFound(UNKNOWN_ORDER);
    call.requireStaffOf(row.order.schoolId);
    await db.transaction((tx) =>
      editOrder(
        tx,
        row.order.schoolId,
        call.params.id,
        () => edits,
        who(call.caller, call.body.reason),
      ),
    );
    return staffOrderDetail(db, (await orderById(db, call.params.id))!, today());
  };
  return [
    implement(switchInterestForgiven, (call) =>
      correct(call, call.body.reason, {
        kind: 'interest_forgiven',
        interestForgiven: call.body.interest_forgiven,
      }),
    ),
    implement(editBase, (call) =>
      correct(call, call.body.reason, {
        kind: 'base_edited',
        amountCentavos: call.body.amount_centavos,
      }),
    ),
    implement(avoidScholarship, (call) =>
      correct(call, call.body.reason, { kind: 'scholarship_avoided' }),
    ),
    implement(forceScholarship, (call) => correct(call, call.body.reason, forcedScholarship)),
    implement(editDue, (call) =>
      correct(call, call.body.reason, { kind: 'due_edited', dueOn: call.body.due_on }),
    ),
    implement(patchBookkeeperOrder, (call) =>
      correctAsBookkeeper(call, editsOfPatch(call.body, new Date())),
    ),
    implement(replaceBookkeeperOrder, (call) =>
      correctAsBookkeeper(call, [editOfReplace(call.body)]),
    ),
    implement(changeOrderPricesEndpoint, ({ params, body, caller }) =>
      db.transaction(async (tx) => {
        const { row } = await conceptById(tx, params.concept, { lock: true });
        if (row.schoolId !== params.id) throw notFound(UNKNOWN_CONCEPT);
        const input = { ...body, from: body.from ?? today() };
        return changeOrderPrices(tx, row, input, who(caller, body.reason));
      }),
    ),
  ];
}
