import {
  GUARDIAN,
  OTHER_GUARDIAN,
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { billTwoMonths, EIGHTH_OF_OCTOBER, tuitionOf } from '../test-support/billed-school';

jest.setTimeout(30_000);

let h: BillingHarness;
let tuition: string;
let otherConcept: string;
const [S1, S2, S3] = [1, 2, 3].map(studentId) as [string, string, string];
const DEBT = `/auth/api/app/schools/${SCHOOL}/guardians/debt/`;
const CONCEPTS = `/api/v1/internal/concepts/?school_id=${SCHOOL}`;
const ORDERS = `/api/v1/internal/orders/?school_id=${SCHOOL}`;
const ASSIGNMENTS = `/api/v1/internal/public/concept-assignments/?school_id=${SCHOOL}`;
const FULFILLMENTS = `/api/v1/internal/public/fulfillments/?school_id=${SCHOOL}`;
const conceptOrders = (id: string) => `/api/v1/internal/public/concepts/${id}/orders/`;

beforeAll(async () => {
  h = await startBillingHarness({ now: EIGHTH_OF_OCTOBER });
  // Student 3's billing guardian is another; the first guardian is linked to them too.
  await h.enrol(
    {},
    {},
    { billing_guardian_id: OTHER_GUARDIAN, guardian_ids: [OTHER_GUARDIAN, GUARDIAN] },
    { school_id: OTHER_SCHOOL },
  );
  otherConcept = (
    await h.call(staff('OWNER', OTHER_SCHOOL), '/api/v1/dashboard/concepts/', {
      json: tuitionOf(OTHER_SCHOOL),
    })
  ).body.id;
  tuition = await billTwoMonths(h);
});
afterAll(() => h?.dispose());

const ok = async (path: string, role = staff()) => {
  const res = await h.call(role, path);
  expect(res.status).toBe(200);
  return res.body;
};

test("guardians' debt: each linked guardian, with what Adeudos says, late fees included", async () => {
  expect(await ok(DEBT)).toEqual(
    [
      {
        guardian_id: GUARDIAN,
        student_ids: [S1, S2, S3],
        // S1 $5,000 + $4,850, S2 $4,850, S3 $5,000 (September with its $150 late fee each).
        pending_centavos: 1_970_000,
        late_fee_centavos: 30_000,
        overdue_centavos: 1_000_000,
      },
      {
        guardian_id: OTHER_GUARDIAN,
        student_ids: [S3],
        pending_centavos: 500_000,
        late_fee_centavos: 15_000,
        overdue_centavos: 500_000,
      },
    ].sort((a, b) => a.guardian_id.localeCompare(b.guardian_id)),
  );
});

test('internal concepts and orders: the school named in school_id', async () => {
  expect((await ok(CONCEPTS)).map((c: Json) => c.id)).toEqual([tuition]);
  const orders = await ok(`${ORDERS}&page_size=2`);
  expect(orders).toMatchObject({ count: 6, page: 1, page_size: 2 });
  expect(orders.results.map((o: Json) => o.period)).toEqual(['2026-09', '2026-09']);
  const s1 = await ok(`${ORDERS}&student_id=${S1}&period=2026-09`);
  expect(s1.results[0]).toMatchObject({ late_fee_centavos: 15_000, pending_amount: 500_000 });
});

test('public fulfillments: pages by creation with a cursor, then only what is new', async () => {
  const first = await ok(`${FULFILLMENTS}&page_size=4`);
  expect(first.results).toHaveLength(4);
  expect(first.has_more).toBe(true);
  const second = await ok(`${FULFILLMENTS}&page_size=4&cursor=${first.next_cursor}`);
  expect(second.results).toHaveLength(2);
  expect(second.has_more).toBe(false);
  const ids = [...first.results, ...second.results].map((o: Json) => o.id);
  expect(new Set(ids).size).toBe(6);
  // Caught up: nothing new, and the same cursor to ask again later.
  const caughtUp = await ok(`${FULFILLMENTS}&cursor=${second.next_cursor}`);
  expect(caughtUp).toEqual({ results: [], next_cursor: second.next_cursor, has_more: false });
  // Amounts are the quote as of today, as everywhere else.
  const s1Sept = [...first.results, ...second.results].find(
    (o: Json) => o.student.id === S1 && o.period === '2026-09',
  );
  expect(s1Sept).toMatchObject({ late_fee_centavos: 15_000, pending_amount: 500_000 });
});

test("a concept's orders, and each student's assigned concepts with their periods", async () => {
  const orders = await ok(conceptOrders(tuition));
  expect(orders.results).toHaveLength(6);
  expect(orders.results.every((o: Json) => o.concept_id === tuition)).toBe(true);
  const { results } = await ok(ASSIGNMENTS);
  expect(
    results
      .map((a: Json) => [a.student_id, a.periods, a.orders, a.concept_name])
      .sort((a: string[], b: string[]) => a[0]!.localeCompare(b[0]!)),
  ).toEqual([
    [S1, ['2026-09', '2026-10'], 2, 'Colegiatura'],
    [S2, ['2026-09', '2026-10'], 2, 'Colegiatura'],
    [S3, ['2026-09'], 1, 'Colegiatura'], // October was cancelled
  ]);
  const page = await ok(`${ASSIGNMENTS}&page_size=2`);
  const rest = await ok(`${ASSIGNMENTS}&page_size=2&cursor=${page.next_cursor}`);
  expect([...page.results, ...rest.results]).toEqual(results);
});

test('403 without billing.read or as a family, 404 for another school', async () => {
  const paths = [DEBT, CONCEPTS, ORDERS, ASSIGNMENTS, FULFILLMENTS, conceptOrders(tuition)];
  for (const p of paths) {
    expect((await h.call(staff('OTHER'), p)).status).toBe(403);
    expect((await h.call(family(), p)).status).toBe(403);
    expect((await h.call(staff('OWNER', OTHER_SCHOOL), p)).status).toBe(404);
  }
  // A concept of another school does not exist for this school's staff.
  expect((await h.call(staff(), conceptOrders(otherConcept))).status).toBe(404);
});

test('Spanish 400 for bad queries and forged cursors', async () => {
  const bad = async (p: string) => {
    const res = await h.call(staff(), p);
    expect(res.status).toBe(400);
    return JSON.stringify(res.body.error);
  };
  expect(await bad('/api/v1/internal/public/fulfillments/')).toMatch(/Indica la escuela/);
  expect(await bad('/api/v1/internal/orders/?school_id=x')).toMatch(/Elige una escuela válida/);
  expect(await bad(`${FULFILLMENTS}&page_size=0`)).toMatch(/page_size debe ser al menos 1/);
  expect(await bad(`${FULFILLMENTS}&page_size=501`)).toMatch(/page_size admite hasta 500/);
  expect(await bad(`${FULFILLMENTS}&cursor=nada`)).toMatch(/El cursor no es válido/);
  const forged = Buffer.from(JSON.stringify(["2026'; DROP", 'x'])).toString('base64url');
  expect(await bad(`${ASSIGNMENTS}&cursor=${forged}`)).toMatch(/El cursor no es válido/);
  // The right shape but no such day: a 400, not PostgreSQL's cast error.
  const feb31 = Buffer.from(
    JSON.stringify(['2026-02-31T10:00:00.000000Z', '00000000-0000-4000-8000-000000000001']),
  ).toString('base64url');
  expect(await bad(`${FULFILLMENTS}&cursor=${feb31}`)).toMatch(/El cursor no es válido/);
  expect(await bad(`${CONCEPTS}&concept_type=VENTAS`)).toBeTruthy();
});
