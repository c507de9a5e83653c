import { payinSchema } from '@cuota/contracts/payments/payins';
import { waitFor } from '@cuota/testing/wait-for';
import { createDatabase } from '@cuota/service-runtime/db/database';
import { balancesOfSchool } from '../ledger/ledger-repository';
import * as schemaTables from '../schema';
import { payinAnswersPage } from './payin-answer-repository';
import { countPayins } from './payin-repository';
import type { PaymentsHarness } from '../test-support/payments-harness';
import { type SchoolFixture } from '../test-support/payments-harness';
import { pdfText } from '../test-support/pdf-text';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_desk' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

const deskPath = (schoolId = school.id) => `/api/v1/dashboard/schools/${schoolId}/payins/`;
const payinPath = (payinId: string, schoolId = school.id) =>
  `/api/v2/schools/${schoolId}/payins/${payinId}/`;
let keys = 0;

/** The cash desk records a payment for a student (the CASH_COLLECTION role by default). */
function desk(
  json: Record<string, unknown>,
  {
    key = `caja-${++keys}-${Date.now()}`,
    as = h.staff('CASH_COLLECTION'),
    schoolId = school.id,
  } = {},
) {
  // Allocation is this file's subject: the cashier confirms any excess (ADR 0036's
  // confirmation and limit are desk.integration.test.ts's).
  return h.call(as, deskPath(schoolId), {
    method: 'POST',
    json: { confirm_excess: true, ...json },
    headers: { 'idempotency-key': key },
  });
}

/**
 * A bill run bills every student of the level: undoing the test's runs (their unpaid orders)
 * leaves the next test's student with only the orders it bills, oldest-first rules intact.
 */
async function voidTheRest(orders: Parameters<typeof h.realBilling.void>[0]) {
  await h.realBilling.void(orders);
  await ledgerIsRight();
}

const ledgerIsRight = () =>
  waitFor(async () => {
    const report = await h.ledgerCheck();
    expect(report.mismatches).toEqual([]);
    return report.ok;
  });

describe('POST /api/v1/dashboard/schools/{id}/payins/ (the desk)', () => {
  const student = () => school.families[0]!.studentIds[0]!;

  test('a partial cash payment pays the oldest order’s late fee first, then part of its base', async () => {
    const [march] = await h.bill(school, [student()], {
      period: '2026-01',
      dueOn: '2026-01-10',
      lateFee: 17_500,
    });
    const [april] = await h.bill(school, [student()], { period: '2026-02', dueOn: '2026-02-10' });
    await ledgerIsRight();
    const res = await desk({ student_id: student(), amount_centavos: 100_000, method: 'cash' });
    expect(res.status).toBe(201);
    const payin = payinSchema.parse(res.body);
    expect(payin).toMatchObject({
      type: 'CASH_IN',
      method: 'cash',
      status: 'success',
      amount_centavos: 100_000,
      guardian_id: school.families[0]!.guardianId,
      student_ids: [student()],
      credit_created_centavos: 0,
      receipt_number: 'R-000001',
      recorded_by: 'staff-cash_collection',
      recorded_by_name: 'Personal cash_collection',
    });
    expect(payin.allocations).toEqual([
      expect.objectContaining({
        order_id: march!.id,
        late_fee_centavos: 17_500,
        base_centavos: 82_500,
      }),
    ]);
    await h.realBilling.waitForPaid(march!, 100_000);
    expect((await h.realBilling.order(school.id, april!.id)).paid_centavos).toBe(0);
    const books = await balancesOfSchool(h.service.db, school.id);
    expect(books).toMatchObject({ cash_desk: 100_000, late_fee_revenue: -17_500 });
    await ledgerIsRight();
    await voidTheRest([march!, april!]);
  });

  test('an overpayment pays every open order and the rest becomes credit the next bill uses', async () => {
    const kid = school.families[0]!.studentIds[1]!;
    const [may] = await h.bill(school, [kid], { period: '2026-05', dueOn: '2026-05-10' });
    await ledgerIsRight();
    const res = await desk({
      student_id: kid,
      amount_centavos: 500_000,
      method: 'transfer',
      order_ids: [may!.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'TRANSFER_IN',
      method: 'transfer',
      credit_created_centavos: 150_000,
    });
    expect(res.body.allocations).toEqual([
      expect.objectContaining({ order_id: may!.id, base_centavos: 350_000 }),
    ]);
    await h.realBilling.waitForPaid(may!);
    expect((await balancesOfSchool(h.service.db, school.id))[`credit:${kid}`]).toBe(-150_000);
    await ledgerIsRight();

    // June is billed: the credit pays 1,500 of it at once (payments.credit.applied).
    const [june] = await h.bill(school, [kid], { period: '2026-06', dueOn: '2026-06-10' });
    await h.realBilling.waitForPaid(june!, 150_000);
    const { rows } = await h.service.db.$client.query(
      'SELECT amount_centavos::int AS amount FROM credit_applications WHERE student_id = $1',
      [kid],
    );
    expect(rows).toEqual([{ amount: 150_000 }]);
    expect((await balancesOfSchool(h.service.db, school.id))[`credit:${kid}`]).toBe(0);
    await ledgerIsRight();
    // The rest of June is still owed: the next cash pays exactly it.
    const rest = await desk({
      student_id: kid,
      amount_centavos: 200_000,
      method: 'cash',
      order_ids: [june!.id],
    });
    expect(rest.body).toMatchObject({ credit_created_centavos: 0 });
    expect(rest.body.allocations).toEqual([
      expect.objectContaining({ order_id: june!.id, base_centavos: 200_000 }),
    ]);
    await h.realBilling.waitForPaid(june!);
    await ledgerIsRight();
    await voidTheRest([may!, june!]);
  });

  test('two desk payments at once for one student never pay one order twice', async () => {
    const kid = school.families[1]!.studentIds[0]!;
    const [order] = await h.bill(school, [kid], { period: '2026-03' });
    await ledgerIsRight();
    const [a, b] = await Promise.all([
      desk({ student_id: kid, amount_centavos: 300_000, method: 'cash' }),
      desk({ student_id: kid, amount_centavos: 300_000, method: 'cash' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const applied = [a.body, b.body].flatMap((p) => p.allocations);
    expect(applied.reduce((s, x) => s + x.base_centavos, 0)).toBe(350_000);
    expect(a.body.credit_created_centavos + b.body.credit_created_centavos).toBe(250_000);
    await h.realBilling.waitForPaid(order!);
    await ledgerIsRight();
  });

  test('the same Idempotency-Key answers the first payin; with another body it is a 422', async () => {
    const key = 'caja-repetida-0001';
    const first = await desk(
      { student_id: student(), amount_centavos: 1_000, method: 'cash' },
      { key },
    );
    const again = await desk(
      { student_id: student(), amount_centavos: 1_000, method: 'cash' },
      { key },
    );
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const before = await h.count('payins');
    const changed = await desk(
      { student_id: student(), amount_centavos: 2_000, method: 'cash' },
      { key },
    );
    expect(changed.status).toBe(422);
    expect(changed.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await h.count('payins')).toBe(before);
    expect(
      await h.count('ledger_transactions', 'idempotency_key = $1', [
        `payin:${first.body.id}:received`,
      ]),
    ).toBe(1);
    await ledgerIsRight();
  });

  test.each([
    ['a negative amount', { amount_centavos: -100 }, 'La cantidad no puede ser negativa.'],
    ['a zero amount', { amount_centavos: 0 }, 'La cantidad debe ser mayor que cero.'],
    [
      'a fractional amount',
      { amount_centavos: 100.5 },
      'La cantidad debe ser un número entero de centavos (sin decimales).',
    ],
    ['a huge amount', { amount_centavos: 1e12 }, 'La cantidad es demasiado grande.'],
    ['an amount as text', { amount_centavos: '100' }, 'Escribe una cantidad en centavos.'],
    ['another method', { method: 'card' }, 'Elige efectivo o transferencia.'],
    ['no student', { student_id: undefined }, 'Elige un alumno.'],
  ])('%s is a Spanish 400 and nothing is written', async (_case, change, message) => {
    const before = await Promise.all([h.count('payins'), h.count('ledger_transactions')]);
    const res = await desk({
      student_id: student(),
      amount_centavos: 10_000,
      method: 'cash',
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Revisa los datos enviados en el cuerpo de la solicitud.');
    expect(res.body.error.details[0].message).toBe(message);
    expect(await Promise.all([h.count('payins'), h.count('ledger_transactions')])).toEqual(before);
  });

  test('roles without payments.collect get 403; another school or its student 404', async () => {
    const before = await h.count('payins');
    const json = { student_id: student(), amount_centavos: 10_000, method: 'cash' };
    for (const role of ['ACCOUNTANT', 'ADMISSIONS', 'OTHER'] as const) {
      const res = await desk(json, { as: h.staff(role) });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
      );
    }
    expect((await desk(json, { as: h.guardian(school) })).status).toBe(403);
    // The neighbour's cashier on our school; our cashier naming the neighbour's student.
    expect((await desk(json, { as: h.staff('CASH_COLLECTION', other) })).status).toBe(404);
    const theirs = await desk({ ...json, student_id: other.families[0]!.studentIds[0]! });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe('No encontramos a este alumno en la escuela.');
    expect(await h.count('payins')).toBe(before);
  });
});

describe('payins lists, detail and receipt', () => {
  let cash: { id: string; receipt_number: string };
  beforeAll(async () => {
    const kid = school.families[1]!.studentIds[0]!;
    const res = await desk({
      student_id: kid,
      amount_centavos: 12_345,
      method: 'cash',
      note: 'Ventanilla 2',
    });
    cash = res.body;
  });

  test('staff see every payin of their school, filtered; a family sees only its own', async () => {
    const all = await h.call(
      h.staff('ACCOUNTANT'),
      `/api/v2/schools/${school.id}/payins/?page_size=200`,
    );
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(await h.count('payins', 'school_id = $1', [school.id]));
    expect(all.body.results.map((p: { id: string }) => p.id)).toContain(cash.id);
    const dashboard = await h.call(
      h.staff('CASH_COLLECTION'),
      `/api/v1/dashboard/schools/${school.id}/payins/?type=CASH_IN&student_id=${school.families[1]!.studentIds[0]}`,
    );
    expect(dashboard.body.results.every((p: { type: string }) => p.type === 'CASH_IN')).toBe(true);
    expect(dashboard.body.results.map((p: { id: string }) => p.id)).toContain(cash.id);

    const mine = await h.call(h.guardian(school, 1), `/api/v1/schools/${school.id}/payins/`);
    expect(mine.status).toBe(200);
    // The desk payin belongs to the student's billing guardian (enrolment.student.*).
    expect(mine.body.results.map((p: { id: string }) => p.id)).toContain(cash.id);
    expect(
      mine.body.results.every(
        (p: { guardian_id: string }) => p.guardian_id === school.families[1]!.guardianId,
      ),
    ).toBe(true);
    const theirs = await h.call(h.guardian(school, 0), `/api/v1/schools/${school.id}/payins/`);
    expect(theirs.body.results.map((p: { id: string }) => p.id)).not.toContain(cash.id);
  });

  test('a listing is one named statement per shape of filters and page, planned once', async () => {
    // One connection, so its session's prepared statements are the ones these reads made.
    const db = createDatabase(h.db.url, schemaTables, 1);
    const family = school.families[1]!;
    const byStudent = { type: 'CASH_IN' as const, studentId: family.studentIds[0] };
    const ids = (page: { json: string }) =>
      (JSON.parse(page.json) as { id: string }[]).map((p) => p.id);
    try {
      const pages = [];
      for (const page of [1, 2])
        pages.push(await payinAnswersPage(db, { schoolId: school.id, page, pageSize: 1 }));
      expect(pages.map((p) => ids(p).length)).toEqual([1, 1]);
      expect(ids(pages[1]!)).not.toEqual(ids(pages[0]!));
      expect(pages[1]!.count).toBe(pages[0]!.count);
      const first = await payinAnswersPage(db, {
        schoolId: school.id,
        page: 1,
        pageSize: 1,
        ...byStudent,
      });
      // A page past the end has no rows and so no count: its own statement counts.
      const past = await payinAnswersPage(db, {
        schoolId: school.id,
        page: 99,
        pageSize: 1,
        ...byStudent,
      });
      expect(first.count).toBeGreaterThan(0);
      expect(past).toEqual({ count: null, json: '[]' });
      expect(await countPayins(db, { schoolId: school.id, ...byStudent })).toBe(first.count);
      const listed = await payinAnswersPage(db, {
        schoolId: school.id,
        family,
        page: 1,
        pageSize: 9,
      });
      expect(ids(listed)).toContain(cash.id);
      const { rows } = await db.$client.query<{ name: string }>(
        'SELECT name FROM pg_prepared_statements ORDER BY name',
      );
      expect(rows.map((r) => r.name)).toEqual([
        'payin_answers__first1',
        'payin_answers__next1',
        'payin_answers_o_first9',
        'payin_answers_tu_first1',
        'payin_answers_tu_next1',
        'payins_count_tu',
      ]);
      // A first page's statement has its window in its text: after PostgreSQL's five custom
      // plans it keeps one plan instead of planning every read again.
      for (let read = 0; read < 7; read++)
        await payinAnswersPage(db, { schoolId: school.id, page: 1, pageSize: 1 });
      const plans = await db.$client.query<{ generic_plans: string; custom_plans: string }>(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements
          WHERE name = 'payin_answers__first1'`,
      );
      expect(plans.rows[0]).toEqual({ generic_plans: '3', custom_plans: '5' });
    } finally {
      await db.$client.end();
    }
  });

  test('a payin names its students in its own order; one the directory lacks is named so', async () => {
    const directory = await h.books.$client.query<{ student_id: string; name: string }>(
      `SELECT student_id, first_name || ' ' || last_name AS name FROM student_directory
        WHERE student_id = ANY($1)`,
      [school.families.flatMap((f) => f.studentIds)],
    );
    const [first, second] = [...new Map(directory.rows.map((r) => [r.name, r])).values()];
    const res = await desk({
      student_id: first!.student_id,
      amount_centavos: 5_000,
      method: 'cash',
    });
    // A payin for several students (a family's checkout), the directory missing one of them.
    await h.books.$client.query('UPDATE payins SET student_ids = $2 WHERE id = $1', [
      res.body.id,
      [second!.student_id, `sin-directorio-${Date.now()}`, first!.student_id],
    ]);
    const detail = await h.call(h.staff('ACCOUNTANT'), payinPath(res.body.id));
    const page = await h.call(h.staff('ACCOUNTANT'), `${deskPath()}?page_size=200`);
    const listed = page.body.results.find((p: { id: string }) => p.id === res.body.id);
    const names = [second!.name, 'Alumno sin nombre', first!.name];
    expect(detail.body.student_names).toEqual(names);
    expect(listed.student_names).toEqual(names);
  });

  test('a bad filter is a Spanish 400; another school is 404; a role without payments.read 403', async () => {
    const bad = await h.call(h.staff('OWNER'), `/api/v2/schools/${school.id}/payins/?page=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      'Revisa los datos enviados en los parámetros de la solicitud.',
    );
    expect(
      (await h.call(h.staff('OWNER', other), `/api/v2/schools/${school.id}/payins/`)).status,
    ).toBe(404);
    expect((await h.call(h.guardian(other), `/api/v2/schools/${school.id}/payins/`)).status).toBe(
      404,
    );
    expect((await h.call(h.staff('OTHER'), `/api/v2/schools/${school.id}/payins/`)).status).toBe(
      403,
    );
    expect(
      (await h.call(h.guardian(school), `/api/v1/dashboard/schools/${school.id}/payins/`)).status,
    ).toBe(403);
  });

  test('the detail: the family and staff see it; another family or school gets 404', async () => {
    const staff = await h.call(h.staff('ACCOUNTANT'), payinPath(cash.id));
    expect(staff.status).toBe(200);
    expect(payinSchema.parse(staff.body)).toMatchObject({
      id: cash.id,
      amount_centavos: 12_345,
      refund_owed_paid_centavos: 0,
    });
    expect((await h.call(h.guardian(school, 1), payinPath(cash.id))).status).toBe(200);
    const otherFamily = await h.call(h.guardian(school, 0), payinPath(cash.id));
    expect(otherFamily.status).toBe(404);
    expect(otherFamily.body.error.message).toBe('No encontramos este cobro.');
    expect((await h.call(h.staff('OWNER', other), payinPath(cash.id, other.id))).status).toBe(404);
    expect((await h.call(h.staff('OWNER', other), payinPath(cash.id))).status).toBe(404);
  });

  test('the receipt is a PDF a person can read: school, folio, amount in words, what it paid', async () => {
    const res = await h.call(h.guardian(school, 1), `${payinPath(cash.id)}receipt/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`recibo-${cash.receipt_number}.pdf`);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('Colegio Prueba');
    expect(text).toContain('RECIBO DE PAGO');
    expect(text).toContain(cash.receipt_number);
    expect(text).toContain('$123.45');
    expect(text).toContain('CIENTO VEINTITRÉS PESOS 45/100 M.N.');
    expect(text).toContain('Efectivo');
    expect(text).toContain('Atendió');
    expect(text).toContain('Personal cash_collection');
    expect(text).not.toContain('Reembolso por recuperar');
    expect((await h.call(h.guardian(school, 0), `${payinPath(cash.id)}receipt/`)).status).toBe(404);
  });
});

describe('billing.orders.voided', () => {
  test('voided orders leave the receivable as billing has it', async () => {
    const receivable = async () => (await balancesOfSchool(h.service.db, other.id)).receivable ?? 0;
    const unbilled = await receivable();
    const orders = await h.bill(other, other.families[0]!.studentIds, { period: '2026-09' });
    await ledgerIsRight();
    expect(await receivable()).toBeGreaterThanOrEqual(unbilled + 700_000);
    await h.realBilling.void(orders);
    await waitFor(async () => (await receivable()) === unbilled);
    await ledgerIsRight();
  });
});
