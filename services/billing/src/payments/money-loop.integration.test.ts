import {
  cycleHasAssignedConceptsRequest,
  openOrdersOfStudentRequest,
  openReceivablesRequest,
  quoteOrdersRequest,
} from '@cuota/contracts/billing/requests';
import { creditAppliedV1 } from '@cuota/contracts/events/payments.credit.applied.v1';
import { payinFailedV1 } from '@cuota/contracts/events/payments.payin.failed.v1';
import { payinInitiatedV1 } from '@cuota/contracts/events/payments.payin.initiated.v1';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { Allocation } from '@cuota/contracts/payments/payins';
import { requestReply } from '@cuota/messaging/request-reply';
import { waitFor } from '@cuota/testing/wait-for';
import {
  GUARDIAN,
  OTHER_GUARDIAN,
  OTHER_SCHOOL,
  SCHOOL,
  family,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { billTuition } from '../test-support/billed-school';
import { publishEvent } from '@cuota/testing/publish-event';
import { PAYMENTS_CONSUMER } from './payments-consumer';

jest.setTimeout(30_000);

let h: BillingHarness;
let september: Json, october: Json;
const S1 = studentId(1);
const CYCLE = '55555555-5555-4555-8555-555555555555';

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-10-01T18:00:00Z') });
  await h.enrol({}, { billing_guardian_id: OTHER_GUARDIAN });
  await billTuition(h, { concept: { cycle_id: CYCLE } });
  [september, october] = (await h.call(family(), `/api/v1/students/${S1}/orders/`)).body;
});
afterAll(() => h?.dispose());

const ask = <D extends Parameters<typeof requestReply>[2]>(
  definition: D,
  data: Parameters<typeof requestReply<D>>[3],
) => requestReply(h.ns.nc, h.ns, definition, data);
const quote = (ids: string[], guardian: string | null = GUARDIAN, school = SCHOOL) =>
  ask(quoteOrdersRequest, { school_id: school, order_ids: ids, guardian_id: guardian });
const statusOf = async (id: string) =>
  (await h.call(family(), `/api/v1/students/${S1}/orders/${id}/`)).body.status;
const allocation = (order: Json, base: number, lateFee: number): Allocation => ({
  order_id: order.id,
  student_id: S1,
  concept_id: order.concept_id,
  concept_name: order.concept_name,
  concept_type: order.concept_type,
  period: order.period,
  base_centavos: base,
  late_fee_centavos: lateFee,
  discount_centavos: 0,
});
const inbox = async () =>
  (
    await h.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM inbox_events WHERE consumer = $1`,
      [PAYMENTS_CONSUMER],
    )
  )[0]!.n;

test("a quote prices the family's open orders with their whole amounts, and leaves out others'", async () => {
  const reply = await quote([september.id, october.id]);
  expect(reply.as_of).toBe('2026-10-01');
  expect(reply.orders).toEqual([
    expect.objectContaining({
      order_id: september.id,
      pending_base_centavos: 485_000,
      late_fee_due_centavos: 15_000,
      amount_centavos: 485_000,
      late_fee_centavos: 15_000,
      status: 'NOT_PAID',
    }),
    expect.objectContaining({
      order_id: october.id,
      late_fee_centavos: 0,
      amount_centavos: 485_000,
    }),
  ]);
  expect((await quote([september.id], OTHER_GUARDIAN)).orders).toEqual([]);
  expect((await quote([september.id], null, OTHER_SCHOOL)).orders).toEqual([]);
  expect((await quote([september.id], null)).orders).toHaveLength(1);
});

test('a card payment on its way shows WAITING_PAID; its failure restores the status', async () => {
  const data = { payin_id: 'payin-declined', school_id: SCHOOL, order_ids: [september.id] };
  await publishEvent(h.ns.nc, h.ns, payinInitiatedV1, data);
  await waitFor(async () => (await statusOf(september.id)) === 'WAITING_PAID');
  await publishEvent(h.ns.nc, h.ns, payinFailedV1, {
    ...data,
    code: '006',
    message: 'Tarjeta declinada',
  });
  await waitFor(async () => (await statusOf(september.id)) === 'NOT_PAID');
});

test('a payment delivered twice, and again under another event id, pays the order once', async () => {
  await publishEvent(h.ns.nc, h.ns, payinInitiatedV1, {
    payin_id: 'payin-1',
    school_id: SCHOOL,
    order_ids: [september.id],
  });
  const succeeded = {
    payin_id: 'payin-1',
    school_id: SCHOOL,
    type: 'CARD' as const,
    method: 'credit_card' as const,
    amount_centavos: 500_000,
    paid_at: '2026-10-01T18:05:00Z',
    guardian_id: GUARDIAN,
    allocations: [allocation(september, 485_000, 15_000)],
    credit_created_centavos: 0,
    credit_student_id: null,
  };
  const id = await publishEvent(h.ns.nc, h.ns, payinSucceededV1, succeeded);
  await publishEvent(h.ns.nc, h.ns, payinSucceededV1, succeeded, id, `${id}-again`);
  await publishEvent(h.ns.nc, h.ns, payinSucceededV1, succeeded);
  await waitFor(async () => (await inbox()) === 5);
  const detail = (await h.call(family(), `/api/v1/students/${S1}/orders/${september.id}/`)).body;
  expect(detail).toMatchObject({ status: 'PAID', paid_centavos: 500_000, pending_amount: 0 });
  expect(detail.allocations).toHaveLength(1);
  // A later date does not grow a paid order's late fee.
  const later = await h.call(
    family(),
    `/api/v1/students/${S1}/orders/${september.id}/?as_of=2027-01-01`,
  );
  expect(later.body).toMatchObject({ status: 'PAID', late_fee_centavos: 15_000 });
});

test('a credit applied pays part of an order: PARTIAL_PAID, open orders and receivables follow', async () => {
  await publishEvent(h.ns.nc, h.ns, creditAppliedV1, {
    application_id: 'credit-1',
    school_id: SCHOOL,
    student_id: S1,
    applied_at: '2026-10-01T19:00:00Z',
    allocations: [allocation(october, 100_000, 0)],
  });
  await waitFor(async () => (await statusOf(october.id)) === 'PARTIAL_PAID');
  const open = await ask(openOrdersOfStudentRequest, { school_id: SCHOOL, student_id: S1 });
  expect(open.orders.map((o) => [o.order_id, o.pending_base_centavos])).toEqual([
    [october.id, 385_000],
  ]);
  const receivables = await ask(openReceivablesRequest, { school_ids: [SCHOOL] });
  // Student 2 owes two months; student 1 owes what is left of October.
  expect(receivables.schools).toEqual([
    { school_id: SCHOOL, open_base_centavos: 4 * 485_000 - 585_000 },
  ]);
  const [balance] = await h.query(
    `SELECT open_orders, pending_centavos::int AS pending FROM student_balances WHERE student_id = $1`,
    [S1],
  );
  expect(balance).toEqual({ open_orders: 1, pending: 385_000 });
  expect((await quote([september.id])).orders).toEqual([]); // paid: not quotable any more
});

test('a payin voided, delivered five times, reopens its order once with the late fee due', async () => {
  const inboxBefore = await inbox();
  const voided = {
    reversal_id: 'reversal-1',
    payin_id: 'payin-1',
    school_id: SCHOOL,
    kind: 'void' as const,
    whole: true,
    amount_centavos: 500_000,
    allocations: [allocation(september, 485_000, 15_000)],
    credit_reversed_centavos: 0,
    reason: 'Se capturó el monto equivocado',
    reversed_at: '2026-10-01T20:00:00Z',
    reversed_by: 'staff-treasurer',
  };
  const id = await publishEvent(h.ns.nc, h.ns, payinReversedV1, voided);
  await publishEvent(h.ns.nc, h.ns, payinReversedV1, voided, id, `${id}-again`);
  await publishEvent(h.ns.nc, h.ns, payinReversedV1, voided, id, `${id}-third`);
  await publishEvent(h.ns.nc, h.ns, payinReversedV1, voided); // re-enveloped by a retry
  await publishEvent(h.ns.nc, h.ns, payinReversedV1, voided);
  await waitFor(async () => (await inbox()) === inboxBefore + 3);

  const detail = (await h.call(family(), `/api/v1/students/${S1}/orders/${september.id}/`)).body;
  expect(detail).toMatchObject({
    status: 'NOT_PAID',
    paid_centavos: 0,
    late_fee_centavos: 15_000,
    pending_amount: 500_000,
  });
  expect(
    detail.allocations.map((a: Json) => [a.payin_id, a.base_centavos, a.late_fee_centavos]),
  ).toEqual([
    ['payin-1', 485_000, 15_000],
    ['payin-1', -485_000, -15_000],
  ]);
  expect((await quote([september.id])).orders).toEqual([
    expect.objectContaining({ pending_base_centavos: 485_000, late_fee_due_centavos: 15_000 }),
  ]);
  const receivables = await ask(openReceivablesRequest, { school_ids: [SCHOOL] });
  expect(receivables.schools).toEqual([
    { school_id: SCHOOL, open_base_centavos: 4 * 485_000 - 100_000 },
  ]);
  const [balance] = await h.query(
    `SELECT open_orders, pending_centavos::int AS pending FROM student_balances WHERE student_id = $1`,
    [S1],
  );
  expect(balance).toEqual({ open_orders: 2, pending: 485_000 + 385_000 });
});

test('a reversal of a payin that paid nothing here, or of another school, changes nothing', async () => {
  const inboxBefore = await inbox();
  const stray = {
    reversal_id: 'reversal-stray',
    payin_id: 'payin-unknown',
    school_id: SCHOOL,
    kind: 'refund' as const,
    whole: false,
    amount_centavos: 100_000,
    allocations: [allocation(october, 100_000, 0)],
    credit_reversed_centavos: 0,
    reason: 'Reembolso parcial',
    reversed_at: '2026-10-01T21:00:00Z',
    reversed_by: null,
  };
  await publishEvent(h.ns.nc, h.ns, payinReversedV1, stray);
  await publishEvent(h.ns.nc, h.ns, payinReversedV1, {
    ...stray,
    reversal_id: 'reversal-elsewhere',
    payin_id: 'credit-1',
    school_id: OTHER_SCHOOL,
  });
  await waitFor(async () => (await inbox()) === inboxBefore + 2);
  const detail = (await h.call(family(), `/api/v1/students/${S1}/orders/${october.id}/`)).body;
  expect(detail).toMatchObject({ status: 'PARTIAL_PAID', paid_centavos: 100_000 });
  expect(detail.allocations).toHaveLength(1);
});

test('a reversal delivered before its payment is taken back when the payment lands', async () => {
  const S2 = studentId(2);
  const [s2September] = (await h.call(family(OTHER_GUARDIAN), `/api/v1/students/${S2}/orders/`))
    .body;
  const orderOfS2 = async () =>
    (await h.call(family(OTHER_GUARDIAN), `/api/v1/students/${S2}/orders/${s2September.id}/`)).body;
  const paid = { ...allocation(s2September, 485_000, 15_000), student_id: S2 };
  const reversed = {
    reversal_id: 'reversal-early',
    payin_id: 'payin-late',
    school_id: SCHOOL,
    kind: 'void' as const,
    whole: true,
    amount_centavos: 500_000,
    allocations: [paid],
    credit_reversed_centavos: 0,
    reason: 'Cobro duplicado',
    reversed_at: '2026-10-01T18:30:00Z',
    reversed_by: 'staff-treasurer',
  };
  const inboxBefore = await inbox();
  await publishEvent(h.ns.nc, h.ns, payinReversedV1, reversed);
  await waitFor(async () => (await inbox()) === inboxBefore + 1);
  expect(await orderOfS2()).toMatchObject({ status: 'NOT_PAID', paid_centavos: 0 });

  await publishEvent(h.ns.nc, h.ns, payinSucceededV1, {
    payin_id: 'payin-late',
    school_id: SCHOOL,
    type: 'CARD' as const,
    method: 'credit_card' as const,
    amount_centavos: 500_000,
    paid_at: '2026-10-01T18:10:00Z',
    guardian_id: OTHER_GUARDIAN,
    allocations: [paid],
    credit_created_centavos: 0,
    credit_student_id: null,
  });
  await publishEvent(h.ns.nc, h.ns, payinReversedV1, reversed); // redelivered afterwards
  await waitFor(async () => (await inbox()) === inboxBefore + 3);

  const detail = await orderOfS2();
  expect(detail).toMatchObject({
    status: 'NOT_PAID',
    paid_centavos: 0,
    pending_amount: 500_000,
  });
  expect(
    detail.allocations.map((a: Json) => [a.payin_id, a.base_centavos, a.late_fee_centavos]),
  ).toEqual([
    ['payin-late', 485_000, 15_000],
    ['payin-late', -485_000, -15_000],
  ]);
  // What the ledger check compares with payments' receivable: nothing was paid for good.
  const receivables = await ask(openReceivablesRequest, { school_ids: [SCHOOL] });
  expect(receivables.schools).toEqual([
    { school_id: SCHOOL, open_base_centavos: 4 * 485_000 - 100_000 },
  ]);
  const [balance] = await h.query(
    `SELECT open_orders, pending_centavos::int AS pending FROM student_balances WHERE student_id = $1`,
    [S2],
  );
  expect(balance).toEqual({ open_orders: 2, pending: 2 * 485_000 });
  expect(await h.query(`SELECT * FROM parked_reversals WHERE payin_id = 'payin-late'`)).toEqual([]);
});

test('enrolment learns that the cycle bills concepts, and another cycle does not', async () => {
  const reply = await ask(cycleHasAssignedConceptsRequest, { school_id: SCHOOL, cycle_id: CYCLE });
  expect(reply).toEqual({ has_assigned_concepts: true, assigned_concepts: 1 });
  const none = await ask(cycleHasAssignedConceptsRequest, {
    school_id: OTHER_SCHOOL,
    cycle_id: CYCLE,
  });
  expect(none.has_assigned_concepts).toBe(false);
  const otherCycle = await ask(cycleHasAssignedConceptsRequest, {
    school_id: SCHOOL,
    cycle_id: '66666666-6666-4666-8666-666666666666',
  });
  expect(otherCycle).toEqual({ has_assigned_concepts: false, assigned_concepts: 0 });
});
