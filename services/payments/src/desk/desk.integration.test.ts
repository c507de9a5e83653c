import { deskFamilySchema, deskPreviewSchema } from '@cuota/contracts/payments/desk';
import { payinSchema } from '@cuota/contracts/payments/payins';
import { waitFor } from '@cuota/testing/wait-for';
import type { BilledOrder } from '../test-support/real-billing';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
// Ana is at the desk; Luis is her brother (same billing guardian); Sofía is another family.
let ana: string;
let luis: string;
let sofia: string;
let february: BilledOrder[];
let march: BilledOrder[];
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_desk_family' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  [ana, luis] = school.families[0]!.studentIds as [string, string];
  sofia = school.families[1]!.studentIds[0]!;
  february = await h.bill(school, [ana, luis], {
    period: '2026-02',
    dueOn: '2026-02-10',
    lateFee: 17_500,
  });
  march = await h.bill(school, [ana, luis], { period: '2026-03', dueOn: '2026-03-10' });
  await ledgerIsRight();
}, 120_000);
afterAll(() => h?.stop());

const familyPath = (student: string, schoolId = school.id) =>
  `/api/v1/dashboard/schools/${schoolId}/desk/${student}/`;
let keys = 0;

function desk(json: Record<string, unknown>, as = h.staff('CASH_COLLECTION')) {
  return h.call(as, `/api/v1/dashboard/schools/${school.id}/payins/`, {
    method: 'POST',
    json,
    headers: { 'idempotency-key': `caja-familia-${++keys}-${Date.now()}` },
  });
}
const preview = (student: string, json: Record<string, unknown>, as = h.staff('TREASURER')) =>
  h.call(as, `${familyPath(student)}preview/`, { method: 'POST', json });

const written = () =>
  Promise.all([h.count('payins'), h.count('ledger_transactions'), h.count('allocations')]);
const ledgerIsRight = () =>
  waitFor(async () => {
    const report = await h.ledgerCheck();
    expect(report.mismatches).toEqual([]);
    return report.ok;
  });

describe('the desk sees the family (ADR 0036)', () => {
  test('the student and siblings with each open order as of today, oldest first', async () => {
    const res = await h.call(h.staff('CASH_COLLECTION'), familyPath(ana));
    expect(res.status).toBe(200);
    const view = deskFamilySchema.parse(res.body);
    expect(view).toMatchObject({
      student_id: ana,
      guardian_id: school.families[0]!.guardianId,
      owed_centavos: 2 * 367_500 + 2 * 350_000,
      credit_centavos: 0,
      limit_centavos: 5_000_000,
    });
    expect(view.students.map((s) => [s.student_id, s.name])).toEqual([
      [ana, 'Ana Pérez 00'],
      [luis, 'Luis Pérez 01'],
    ]);
    const [anaRow, luisRow] = view.students;
    expect(
      anaRow!.orders.map((o) => [o.order_id, o.late_fee_due_centavos, o.base_due_centavos]),
    ).toEqual([
      [february[0]!.id, 17_500, 350_000],
      [march[0]!.id, 0, 350_000],
    ]);
    expect(luisRow!.orders.map((o) => o.order_id)).toEqual([february[1]!.id, march[1]!.id]);
  });

  test('the preview shows what a payment pays and its excess, and writes nothing', async () => {
    const before = await written();
    const all = deskPreviewSchema.parse((await preview(ana, { amount_centavos: 400_000 })).body);
    expect(all).toMatchObject({ owed_centavos: 1_435_000, applied_centavos: 400_000 });
    expect(all.allocations.map((a) => [a.order_id, a.late_fee_centavos, a.base_centavos])).toEqual([
      [february[0]!.id, 17_500, 350_000],
      [february[1]!.id, 17_500, 15_000],
    ]);
    const chosen = await preview(ana, { amount_centavos: 400_000, order_ids: [march[0]!.id] });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      owed_centavos: 350_000,
      applied_centavos: 350_000,
      excess_centavos: 50_000,
      over_limit: false,
    });
    expect(await written()).toEqual(before);
  });
});

describe('POST …/payins/ at the desk (ADR 0036)', () => {
  test('without a choice it pays the family oldest due first, the desk student first on a tie', async () => {
    const res = await desk({ student_id: luis, amount_centavos: 745_000, method: 'cash' });
    expect(res.status).toBe(201);
    const payin = payinSchema.parse(res.body);
    expect(
      payin.allocations.map((a) => [a.order_id, a.late_fee_centavos, a.base_centavos]),
    ).toEqual([
      [february[1]!.id, 17_500, 350_000],
      [february[0]!.id, 17_500, 350_000],
      [march[1]!.id, 0, 10_000],
    ]);
    expect(payin).toMatchObject({
      student_ids: [luis, ana],
      credit_created_centavos: 0,
      recorded_by_name: 'Personal cash_collection',
    });
    expect(payin.receipt_number).toMatch(/^R-\d{6}$/);
    await h.realBilling.waitForPaid(february[0]!, 367_500);
    await ledgerIsRight();
  });

  test('more than the chosen orders owe needs confirmation; confirmed, it is the student’s credit', async () => {
    const before = await written();
    const json = {
      student_id: ana,
      amount_centavos: 400_000,
      method: 'cash',
      order_ids: [march[0]!.id],
    };
    const refused = await desk(json);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'EXCESS_NOT_CONFIRMED',
      message:
        'El monto ($4,000.00) es mayor que lo que la familia debe de los cargos elegidos ($3,500.00). Confirma para dejar $500.00 como saldo a favor.',
    });
    expect(await written()).toEqual(before);

    const confirmed = await desk({ ...json, confirm_excess: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({ credit_created_centavos: 50_000, student_ids: [ana] });
    const view = deskFamilySchema.parse((await h.call(h.staff('OWNER'), familyPath(luis))).body);
    expect(view.students.map((s) => [s.student_id, s.credit_centavos])).toEqual([
      [luis, 0],
      [ana, 50_000],
    ]);
    expect(view.credit_centavos).toBe(50_000);
    await ledgerIsRight();
  });

  test('$999,999 typed for a $5,300 debt is refused above the school’s limit, confirmed or not', async () => {
    const [april] = await h.bill(school, [sofia], {
      period: '2026-04',
      dueOn: '2026-04-10',
      amount: 530_000,
    });
    await ledgerIsRight();
    const before = await written();
    for (const confirm_excess of [false, true]) {
      const res = await desk({
        student_id: sofia,
        amount_centavos: 99_999_900,
        method: 'cash',
        order_ids: [april!.id],
        confirm_excess,
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({
        code: 'DESK_LIMIT_EXCEEDED',
        message:
          'El monto supera el límite de $50,000.00 por pago en caja de la escuela. Revisa la cantidad.',
      });
    }
    expect(await written()).toEqual(before);
    const seen = await preview(sofia, { amount_centavos: 99_999_900, order_ids: [april!.id] });
    expect(seen.body).toMatchObject({ owed_centavos: 530_000, over_limit: true });
  });

  test('an order of another family, or one already paid, is a 409 and nothing is written', async () => {
    const before = await written();
    for (const orderId of [march[0]!.id, february[0]!.id]) {
      const res = await desk({
        student_id: sofia,
        amount_centavos: 1_000,
        method: 'cash',
        order_ids: [orderId],
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(
        'Alguno de los cargos elegidos ya no está pendiente o no es de esta familia.',
      );
    }
    expect(await written()).toEqual(before);
  });

  test('bad choices are Spanish 400s and nothing is written', async () => {
    const before = await written();
    const cases: [Record<string, unknown>, string][] = [
      [{ order_ids: ['no-es-un-id'] }, 'Elige cargos válidos.'],
      [{ order_ids: [] }, 'Elige al menos un cargo, o ninguno para pagar los más antiguos.'],
      [{ confirm_excess: 'sí' }, 'Confirma con sí o no.'],
    ];
    for (const [change, message] of cases) {
      const res = await desk({
        student_id: ana,
        amount_centavos: 1_000,
        method: 'cash',
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].message).toBe(message);
    }
    const badPreview = await preview(ana, { amount_centavos: 0 });
    expect(badPreview.status).toBe(400);
    expect(badPreview.body.error.details[0].message).toBe('La cantidad debe ser mayor que cero.');
    expect(await written()).toEqual(before);
  });

  test('roles without payments.collect get 403; another school or its student 404', async () => {
    for (const role of ['ACCOUNTANT', 'ADMISSIONS', 'OTHER'] as const) {
      expect((await h.call(h.staff(role), familyPath(ana))).status).toBe(403);
      expect((await preview(ana, { amount_centavos: 1_000 }, h.staff(role))).status).toBe(403);
    }
    expect((await h.call(h.guardian(school), familyPath(ana))).status).toBe(403);
    expect((await h.call(h.staff('CASH_COLLECTION', other), familyPath(ana))).status).toBe(404);
    const theirs = await h.call(
      h.staff('CASH_COLLECTION'),
      familyPath(other.families[0]!.studentIds[0]!),
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe('No encontramos a este alumno en la escuela.');
    const theirPreview = await preview(other.families[0]!.studentIds[0]!, {
      amount_centavos: 1_000,
    });
    expect(theirPreview.status).toBe(404);
  });
});
