import { quoteOrdersRequest } from '@cuota/contracts/billing/requests';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { requestReply } from '@cuota/messaging/request-reply';
import { waitFor } from '@cuota/testing/wait-for';
import {
  GUARDIAN,
  OTHER_GUARDIAN,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { publishEvent } from '@cuota/testing/publish-event';

jest.setTimeout(30_000);

/**
 * Both parents see the family's orders (docs/adr/0023): a guardian linked to the student
 * (the snapshot's guardian_ids) but not its billing guardian reads and may pay its orders;
 * a guardian of another family still finds nothing, and an unlinked one stops seeing them.
 */
const SECOND_PARENT = '55555555-5555-4555-8555-555555555555';
const S1 = studentId(1);
const S2 = studentId(2);

let h: BillingHarness;
let orderId: string;

const snapshot = (over: object = {}) => ({
  student_id: S1,
  school_id: SCHOOL,
  first_name: 'Renata',
  last_name: 'Familia',
  level: 'elementary' as const,
  section_id: null,
  status: 'active' as const,
  billing_guardian_id: GUARDIAN,
  ...over,
});

/** Publishes the snapshot as enrolment would and waits until the directory has it. */
async function publish(definition: typeof studentUpdatedV1, data: object, check: string) {
  await publishEvent(h.ns.nc, h.ns, definition, snapshot(data));
  await waitFor(async () => {
    const [row] = await h.query<{ guardian_ids: string[]; first_name: string }>(
      'SELECT guardian_ids, first_name FROM student_directory WHERE student_id = $1',
      [S1],
    );
    return row ? `${row.first_name} ${row.guardian_ids.join(',')}` === check : false;
  });
}

const quote = (guardian: string) =>
  requestReply(h.ns.nc, h.ns, quoteOrdersRequest, {
    school_id: SCHOOL,
    order_ids: [orderId],
    guardian_id: guardian,
  });

/** What a guardian sees of S1's money: its orders, the family's orders, a quote. */
async function seenBy(guardian: string) {
  const own = await h.call(family(guardian), `/api/v1/students/${S1}/orders/`);
  const detail = await h.call(family(guardian), `/api/v1/students/${S1}/orders/${orderId}/`);
  const familyOrders = await h.call(family(guardian), `/api/v1/schools/${SCHOOL}/orders/`);
  const due = await h.call(family(guardian), `/api/v1/schools/${SCHOOL}/fulfillments/`);
  return {
    statuses: [own.status, detail.status],
    family: familyOrders.body.map((o: Json) => o.student.id),
    due: due.body.map((o: Json) => o.student.id),
    quoted: (await quote(guardian)).orders.map((o) => o.order_id),
  };
}

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-10-01T18:00:00Z') });
  await publish(
    studentCreatedV1,
    { guardian_ids: [GUARDIAN, SECOND_PARENT] },
    `Renata ${GUARDIAN},${SECOND_PARENT}`,
  );
  await h.enrol({ student_id: S2, first_name: 'Vecino', billing_guardian_id: OTHER_GUARDIAN });
  const concept = await h.call(staff(), '/api/v1/dashboard/concepts/', {
    json: {
      school_id: SCHOOL,
      name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: 485_000,
      level: 'elementary',
      periods: ['2026-10'],
      due_day: 10,
      late_fee: null,
    },
  });
  await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
    json: { school_id: SCHOOL, concept_id: concept.body.id, period: '2026-10' },
  });
  const [row] = await h.query<{ id: string }>('SELECT id FROM orders WHERE student_id = $1', [S1]);
  orderId = row!.id;
});
afterAll(() => h?.dispose());

test('the second parent sees and may pay the family’s orders, as the billing guardian does', async () => {
  const expected = { statuses: [200, 200], family: [S1], due: [S1], quoted: [orderId] };
  expect(await seenBy(GUARDIAN)).toEqual(expected);
  expect(await seenBy(SECOND_PARENT)).toEqual(expected);
});

test('a guardian of another family still finds nothing of this one', async () => {
  expect(await seenBy(OTHER_GUARDIAN)).toEqual({
    statuses: [404, 404],
    family: [S2],
    due: [S2],
    quoted: [],
  });
});

test('an older snapshot without guardian_ids keeps the links; unlinking removes the access', async () => {
  // Published before enrolment carried the guardians: parsed, applied, links kept.
  await publish(
    studentUpdatedV1,
    { first_name: 'Renata Sofía' },
    `Renata Sofía ${GUARDIAN},${SECOND_PARENT}`,
  );
  expect((await seenBy(SECOND_PARENT)).quoted).toEqual([orderId]);

  await publish(
    studentUpdatedV1,
    { first_name: 'Renata', guardian_ids: [GUARDIAN] },
    `Renata ${GUARDIAN}`,
  );
  expect(await seenBy(SECOND_PARENT)).toEqual({
    statuses: [404, 404],
    family: [],
    due: [],
    quoted: [],
  });
  expect((await seenBy(GUARDIAN)).quoted).toEqual([orderId]);
});
