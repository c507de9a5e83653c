/**
 * Adeudos' pages are written by PostgreSQL with their students' open orders' terms, and quoted
 * in the service by the one quote every screen shows (issue 16, ADR 0034): the amounts equal
 * `owedOf` over the orders as the rest of billing reads them, and a page is one named statement.
 */
import { dueOrdersQuerySchema } from '@cuota/contracts/billing/orders';
import { countedDatabase } from '@cuota/testing/counted-statements';
import { refreshBalances } from '../balances/balance-repository';
import { openOrdersOfSchool } from '../orders/order-repository';
import * as schema from '../schema';
import {
  SCHOOL,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { buildDueAggregates } from './due-aggregate-builder';
import { dueAnswers, openLines, termsOf } from './due-answer-repository';
import { dueOrdersPageJson, dueOrderStudentsOf } from './due-orders-page';
import { owedOf } from './owed-as-of';

jest.setTimeout(30_000);

let h: BillingHarness;
const REPORT = `/api/v4/dashboard/schools/${SCHOOL}/due_orders/students/`;
const TODAY = '2026-11-15';
const [S1, S2, S3] = [1, 2, 3].map(studentId);
const order = (student: string | undefined, period: string) =>
  `student_id = '${student}' AND period = '${period}'`;

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date(`${TODAY}T18:00:00Z`) });
  await h.enrol({ last_name: 'Zapata' }, { last_name: 'Álvarez' }, { last_name: 'Bravo' }, {});
  const { body } = await h.call(staff(), '/api/v1/dashboard/concepts/', {
    json: {
      school_id: SCHOOL,
      name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: 485_000,
      level: 'elementary',
      periods: ['2026-09', '2026-10', '2026-11', '2026-12'],
      due_day: 10,
      late_fee: { kind: 'PERCENT', basis_points: 500, cap_centavos: 60_000, grace_days: 3 },
    },
  });
  for (const period of ['2026-09', '2026-10', '2026-11', '2026-12'])
    await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
      json: { school_id: SCHOOL, concept_id: body.id, period },
    });
  // Every term the quote reads, varied: a scholarship, money and late fee partly paid, a late
  // fee forgiven, an early-payment discount on offer, a card payment on its way, paid in full.
  await h.query(`UPDATE orders SET scholarship_centavos = 100000 WHERE ${order(S1, '2026-09')}`);
  await h.query(`UPDATE orders SET paid_base_centavos = 200000, paid_late_fee_centavos = 24250
    WHERE ${order(S2, '2026-09')}`);
  await h.query(`UPDATE orders SET interest_forgiven = true WHERE ${order(S2, '2026-10')}`);
  await h.query(`UPDATE orders SET early_payment = '{"tiers":[{"day":5,"basis_points":500}]}'
    WHERE ${order(S3, '2026-12')}`);
  await h.query(`UPDATE orders SET waiting_payin_id = 'payin-1' WHERE ${order(S3, '2026-11')}`);
  await h.query(`UPDATE orders SET paid_base_centavos = total_centavos, paid_on = '2026-09-20'
    WHERE ${order(S3, '2026-09')}`);
  await refreshBalances(h.service.db, SCHOOL, [S1!, S2!, S3!, studentId(4)!]);
  await buildDueAggregates(h.service.db, TODAY);
});
afterAll(() => h?.dispose());

test("each student's amounts are owedOf their open orders as billing reads them", async () => {
  const open = await openOrdersOfSchool(h.service.db, SCHOOL);
  const expected = (id: string) =>
    owedOf(
      open.filter((r) => r.order.studentId === id),
      TODAY,
    );
  for (const query of ['', '?ordering=-overdue_centavos', '?level=elementary&search=a']) {
    const { body } = await h.call(staff(), `${REPORT}${query}`);
    expect(body.results.length).toBeGreaterThan(0);
    for (const s of body.results as Json[])
      expect({
        pending_centavos: s.pending_centavos,
        late_fee_centavos: s.late_fee_centavos,
        overdue_centavos: s.overdue_centavos,
      }).toEqual(expected(s.student_id));
  }
  const { body } = await h.call(staff(), REPORT);
  expect(body.results.map((s: Json) => [s.last_name, s.late_fee_centavos > 0])).toEqual([
    ['Álvarez', true],
    ['Bravo', true],
    ['García', true],
    ['Zapata', true],
  ]);
});

test("each read quotes its own day's amounts, not those of a day quoted before", async () => {
  const open = await openOrdersOfSchool(h.service.db, SCHOOL);
  const query = dueOrdersQuerySchema.parse({});
  for (const day of [TODAY, '2027-02-20', TODAY]) {
    const page = JSON.parse(await dueOrdersPageJson(h.service.db, SCHOOL, day, query)) as {
      results: Json[];
    };
    const lateFees = page.results.map((s) => s.late_fee_centavos);
    const expected = page.results.map(
      (s) =>
        owedOf(
          open.filter((r) => r.order.studentId === s.student_id),
          day,
        ).late_fee_centavos,
    );
    expect(lateFees).toEqual(expected);
  }
  const at = async (day: string) =>
    JSON.parse(await dueOrdersPageJson(h.service.db, SCHOOL, day, query)).results[0]
      .late_fee_centavos;
  expect(await at('2027-02-20')).toBeGreaterThan(await at(TODAY));
});

test('the terms PostgreSQL writes for the quote are the orders as billing maps them', async () => {
  const terms = (o: Json) => ({
    totalCentavos: o.totalCentavos,
    dueOn: o.dueOn,
    lateFee: o.lateFee,
    interestForgiven: o.interestForgiven,
    earlyPayment: o.earlyPayment,
    paidBaseCentavos: o.paidBaseCentavos,
    paidLateFeeCentavos: o.paidLateFeeCentavos,
    paidDiscountCentavos: o.paidDiscountCentavos,
    paidOn: o.paidOn,
    waitingPayinId: o.waitingPayinId,
  });
  const sorted = (list: Json[]) => list.map((o) => JSON.stringify(terms(o))).sort();
  const query = dueOrdersQuerySchema.parse({});
  const { rows } = await dueAnswers(h.service.db, SCHOOL, TODAY, query, { all: true });
  const open = await openOrdersOfSchool(h.service.db, SCHOOL);
  const written = rows.flatMap((r) => openLines(r.open).map(termsOf));
  expect(sorted(written)).toEqual(sorted(open.map((r) => r.order)));
});

test('a page is one named statement, whatever its filters', async () => {
  const counted = countedDatabase(h.database.url, schema);
  try {
    const landing = dueOrdersQuerySchema.parse({ page_size: 2 });
    const filtered = dueOrdersQuerySchema.parse({ level: 'elementary', ordering: 'oldest_due_on' });
    for (let i = 0; i < 3; i++) {
      await dueOrdersPageJson(counted.db, SCHOOL, TODAY, landing);
      await dueOrdersPageJson(counted.db, SCHOOL, TODAY, filtered);
    }
    expect(counted.sent).toBe(6);
    expect(await counted.prepared()).toEqual([
      'billing_due_answers_by_position',
      'billing_due_answers_oldest_due_on,level/first25',
    ]);
  } finally {
    await counted.end();
  }
});

test('each page statement is planned once and kept (ADR 0127), the Excel one too', async () => {
  const counted = countedDatabase(h.database.url, schema);
  try {
    const landing = dueOrdersQuerySchema.parse({ page_size: 2 });
    const filtered = dueOrdersQuerySchema.parse({ ordering: '-pending_centavos' });
    const later = dueOrdersQuerySchema.parse({ ordering: '-pending_centavos', page: 2 });
    for (let read = 0; read < 8; read++) {
      await dueOrdersPageJson(counted.db, SCHOOL, TODAY, landing);
      await dueOrdersPageJson(counted.db, SCHOOL, TODAY, filtered);
      await dueOrderStudentsOf(counted.db, SCHOOL, TODAY, filtered);
    }
    await dueOrdersPageJson(counted.db, SCHOOL, TODAY, later);
    // After PostgreSQL's five custom plans, each keeps its generic one instead of planning
    // every read again; a later page has its offset as a parameter and its own statement.
    const { rows } = await counted.db.$client.query<{ name: string; generic_plans: string }>(
      'SELECT name, generic_plans FROM pg_prepared_statements ORDER BY name',
    );
    expect(rows).toEqual([
      { name: 'billing_due_answers_-pending_centavos/all', generic_plans: '3' },
      { name: 'billing_due_answers_-pending_centavos/first25', generic_plans: '3' },
      { name: 'billing_due_answers_-pending_centavos/next25', generic_plans: '0' },
      { name: 'billing_due_answers_by_position', generic_plans: '3' },
    ]);
  } finally {
    await counted.end();
  }
});

test('the Excel holds every student the query finds, whatever page it names', async () => {
  const everyone = await dueOrderStudentsOf(h.service.db, SCHOOL, TODAY, {
    ...dueOrdersQuerySchema.parse({ page: 3, page_size: 1 }),
  });
  const page = JSON.parse(
    await dueOrdersPageJson(h.service.db, SCHOOL, TODAY, dueOrdersQuerySchema.parse({})),
  ) as { count: number; results: Json[] };
  expect(page.count).toBe(4);
  expect(everyone).toEqual(page.results);
});
