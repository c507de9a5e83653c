import { creditProfileSchema } from '@cuota/contracts/payments/credit-profile';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(120_000);

/**
 * A school judges a family from the backoffice (ADR 0036 "risk"); at high_risk the family's
 * card checkout is refused in Spanish, and the desk still takes its money.
 */
let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_risk' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 120_000);
afterAll(() => h?.stop());

const guardianOf = (s: SchoolFixture, family = 0) => s.families[family]!.guardianId;
const profilePath = (guardianId: string) => `/backoffice/guardians/${guardianId}/credit_profile/`;
const read = (
  claims = h.staff('TREASURER'),
  guardianId = guardianOf(school),
  schoolId = school.id,
) => h.call(claims, `${profilePath(guardianId)}?school_id=${schoolId}`);
const judge = (
  json: Record<string, unknown>,
  claims = h.staff('TREASURER'),
  guardianId = guardianOf(school),
) =>
  h.call(claims, profilePath(guardianId), {
    method: 'POST',
    json: { school_id: school.id, paid_flag: 'partial', ...json },
  });

test('a family nobody judged is no_risk and may pay by card', async () => {
  const res = await read();
  expect(res.status).toBe(200);
  expect(creditProfileSchema.parse(res.body)).toEqual({
    guardian_id: guardianOf(school),
    school_id: school.id,
    risk_level: 'no_risk',
    paid_flag: 'no_aply',
    note: null,
    card_blocked: false,
    updated_by_name: null,
    updated_at: null,
  });
});

test('high_risk refuses the family’s card checkout in Spanish; set again, it pays', async () => {
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => judge({ risk_level: 'high_risk', note: 'Contracargos' })),
  );
  for (const a of answers) expect(a.status).toBe(200);
  expect(new Set(answers.map((a) => a.body.updated_at)).size).toBe(1);
  expect(creditProfileSchema.parse(answers[0]!.body)).toMatchObject({
    risk_level: 'high_risk',
    paid_flag: 'partial',
    note: 'Contracargos',
    card_blocked: true,
    updated_by_name: 'Personal treasurer',
  });
  expect(await h.count('guardian_credit_profiles', 'guardian_id = $1', [guardianOf(school)])).toBe(
    1,
  );
  expect((await read()).body.risk_level).toBe('high_risk');
  // The judgement is of one family: another family of the school is untouched.
  expect((await read(h.staff('TREASURER'), guardianOf(school, 1))).body.risk_level).toBe('no_risk');

  const orders = await h.bill(school, school.families[0]!.studentIds, { period: '2026-05' });
  const payinsBefore = await h.count('payins');
  const refused = await h.checkout(school, orders);
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toBe(
    'Por ahora no es posible pagar con tarjeta. Paga en la caja de tu escuela o por transferencia.',
  );
  expect(await h.count('payins')).toBe(payinsBefore);
  // The portal learns it before any card is typed; staff still frame the form.
  const cardForm = `/api/v1/schools/${school.id}/card_form/`;
  expect((await h.call(h.guardian(school, 0), cardForm)).body).toEqual({
    kind: 'refused',
    message: refused.body.error.message,
  });
  expect((await h.call(h.staff('TREASURER'), cardForm)).body.kind).toBe('hosted_form');
  expect((await h.call(h.guardian(school, 1), cardForm)).body.kind).toBe('hosted_form');

  expect((await judge({ risk_level: 'low_risk' })).body.card_blocked).toBe(false);
  expect((await h.call(h.guardian(school, 0), cardForm)).body.kind).toBe('hosted_form');
  expect((await h.checkout(school, orders)).status).toBe(202);
});

test('who may read and set it: payments.read reads, payments.refund sets; others 403', async () => {
  expect((await read(h.staff('ACCOUNTANT'))).status).toBe(200);
  expect((await read(h.staff('ADMISSIONS'))).status).toBe(403);
  expect((await judge({ risk_level: 'high_risk' }, h.staff('CASH_COLLECTION'))).status).toBe(403);
  expect(
    (await judge({ risk_level: 'high_risk' }, h.staff('ADMINISTRATIVE_DIRECTOR'))).status,
  ).toBe(403);
  expect((await judge({ risk_level: 'high_risk' }, h.staff('GENERAL_DIRECTOR'))).status).toBe(200);
  expect((await judge({ risk_level: 'no_risk' }, h.guardian(school))).status).toBe(403);
});

test('another school’s family or school is a 404; bad input a Spanish 400', async () => {
  const elsewhere = await read(h.staff('TREASURER', other), guardianOf(school), other.id);
  expect(elsewhere.status).toBe(404);
  expect(elsewhere.body.error.message).toBe('No encontramos a este tutor en la escuela.');
  expect((await read(h.staff('TREASURER', other))).status).toBe(404);
  expect((await judge({ risk_level: 'no_risk' }, h.staff('TREASURER', other))).status).toBe(404);

  const badLevel = await judge({ risk_level: 'muy_alto' });
  expect(badLevel.status).toBe(400);
  expect(JSON.stringify(badLevel.body)).toContain('Elige un nivel de riesgo válido.');
  const noSchool = await h.call(h.staff('TREASURER'), profilePath(guardianOf(school)));
  expect(noSchool.status).toBe(400);
  // A malformed id names nobody: the same 404 as an unknown one.
  expect((await read(h.staff('TREASURER'), 'no-es-uuid')).status).toBe(404);
});

describe('POST /api/v1/payments_v2/mark_payment_as_blocked/', () => {
  const BLOCK = '/api/v1/payments_v2/mark_payment_as_blocked/';
  const mark = (claims: Parameters<PaymentsHarness['call']>[0], json: object) =>
    h.call(claims, BLOCK, { method: 'POST', json });

  test('the family’s blocked card payment makes it high_risk once; its cards are refused', async () => {
    const family = school.families[1]!;
    const student = [family.studentIds[0]!];
    const [june] = await h.bill(school, student, { period: '2026-06' });
    const [july] = await h.bill(school, student, { period: '2026-07' });
    const paid = await h.checkout(school, [june!], { claims: h.guardian(school, 1) });
    expect(paid.status).toBe(202);
    const payment_id = paid.body.id as string;

    expect((await mark(h.guardian(school, 0), { payment_id })).status).toBe(404);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => mark(h.guardian(school, 1), { payment_id })),
    );
    for (const a of answers) expect(a.status).toBe(200);
    expect(creditProfileSchema.parse(answers[0]!.body)).toMatchObject({
      guardian_id: family.guardianId,
      risk_level: 'high_risk',
      card_blocked: true,
      note: `Pago ${payment_id} marcado como bloqueado.`,
    });
    expect(new Set(answers.map((a) => a.body.updated_at)).size).toBe(1);
    expect(await h.count('guardian_credit_profiles', 'guardian_id = $1', [family.guardianId])).toBe(
      1,
    );
    const refused = await h.checkout(school, [july!], { claims: h.guardian(school, 1) });
    expect(refused.status).toBe(403);
    // Staff marking it again changes nothing.
    const again = await mark(h.staff('TREASURER'), { payment_id });
    expect(again.body).toEqual(answers[0]!.body);
  });

  test('roles, schools and input: 403, 404, Spanish 400 and 409', async () => {
    const [order] = await h.bill(school, [school.families[0]!.studentIds[0]!], {
      period: '2026-08',
    });
    const desk = await h.call(
      h.staff('CASH_COLLECTION'),
      `/api/v1/dashboard/schools/${school.id}/payins/`,
      {
        method: 'POST',
        json: { student_id: order!.studentId, amount_centavos: 10_000, method: 'cash' },
        headers: { 'idempotency-key': `caja-${order!.id}` },
      },
    );
    expect(desk.status).toBe(201);
    const payment_id = desk.body.id as string;
    expect((await mark(h.staff('CASH_COLLECTION'), { payment_id })).status).toBe(403);
    expect((await mark(h.staff('TREASURER', other), { payment_id })).status).toBe(404);
    const bad = await mark(h.staff('TREASURER'), { payment_id: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Elige un pago válido.');
    const notCard = await mark(h.staff('TREASURER'), { payment_id });
    expect(notCard.status).toBe(409);
    expect(notCard.body.error.message).toBe(
      'Solo un pago con tarjeta de una familia puede marcarse como bloqueado.',
    );
  });
});
