import { randomUUID } from 'node:crypto';
import {
  preferenceSchema,
  preferenceValidationSchema,
} from '@cuota/contracts/payments/preferences';
import { waitFor } from '@cuota/testing/wait-for';
import { CARD_REFUSED_FOR_RISK } from '@cuota/contracts/payments/credit-profile';
import type { BilledOrder } from '../test-support/real-billing';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(90_000);

/**
 * Payment preferences (ADR 0045): the orders a family chose and how it pays them, priced by
 * billing as checkout prices them; the validation says what changed before the family pays.
 */
let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
let orders: BilledOrder[];
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_preferences' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  orders = await h.bill(school, school.families[0]!.studentIds, { lateFee: 17_500 });
}, 90_000);
afterAll(() => h?.stop());

const CREATE = '/api/v1/kushki_checkout/preferences/';
const VALIDATE = '/api/v1/validate/preferences/';
const create = (json: Record<string, unknown>, key = `pref-${randomUUID()}`, as = h.guardian()) =>
  h.call(as, CREATE, { method: 'POST', json, headers: { 'idempotency-key': key } });
const validate = (preferenceId: string, as = h.guardian()) =>
  h.call(as, VALIDATE, { method: 'POST', json: { preference_id: preferenceId } });

test('a preference takes billing’s amounts, whatever the browser sends, and a retry answers it', async () => {
  const json = { school_id: school.id, method: 'transfer', order_ids: orders.map((o) => o.id) };
  const key = `pref-${randomUUID()}`;
  const res = await create(json, key);
  expect(res.status).toBe(201);
  const preference = preferenceSchema.parse(res.body);
  expect(preference.amount_centavos).toBe(2 * (350_000 + 17_500));
  expect(preference.items.map((i) => [i.order_id, i.base_centavos, i.late_fee_centavos])).toEqual(
    orders.map((o) => [o.id, 350_000, 17_500]),
  );
  const retries = await Promise.all(Array.from({ length: 5 }, () => create(json, key)));
  expect(retries.map((r) => [r.status, r.body.id])).toEqual(
    retries.map(() => [201, preference.id]),
  );
  expect(await h.count('payment_preferences', 'idempotency_key = $1', [key])).toBe(1);
  // An amount in the body is not a field of the request: 400, nothing kept.
  const priced = await create({ ...json, amount_centavos: 1 });
  expect(priced.status).toBe(400);
});

test('validation: unchanged is valid; an order paid at the desk meanwhile owes 0, in Spanish', async () => {
  const [anaOrder] = orders;
  const created = await create({ school_id: school.id, method: 'cash', order_ids: [anaOrder!.id] });
  const id = created.body.id as string;
  const fresh = preferenceValidationSchema.parse((await validate(id)).body);
  expect(fresh).toMatchObject({ valid: true, reasons: [], owed_centavos: 367_500 });

  const desk = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: {
        student_id: anaOrder!.studentId,
        amount_centavos: 367_500,
        method: 'cash',
        order_ids: [anaOrder!.id],
      },
      headers: { 'idempotency-key': `caja-${randomUUID()}` },
    },
  );
  expect(desk.status).toBe(201);
  const after = preferenceValidationSchema.parse((await validate(id)).body);
  expect(after).toMatchObject({ valid: false, quoted_centavos: 367_500, owed_centavos: 0 });
  expect(after.reasons).toEqual([
    `${created.body.items[0].concept_name} (2026-03) ya no tiene saldo pendiente: se pagó o se canceló.`,
  ]);
  // Once billing heard of the payment too, the answer is the same.
  await waitFor(async () => (await h.ledgerCheck()).ok);
  expect(preferenceValidationSchema.parse((await validate(id)).body).owed_centavos).toBe(0);
});

test('another family’s orders are 404; another family’s preference is 404; staff 403', async () => {
  const [, luisOrder] = orders;
  const json = { school_id: school.id, method: 'card', order_ids: [luisOrder!.id] };
  const stranger = await create(json, undefined, h.guardian(school, 1));
  expect(stranger.status).toBe(404);
  expect(
    await h.count('payment_preferences', 'guardian_id = $1', [school.families[1]!.guardianId]),
  ).toBe(0);
  const otherSchool = await create(json, undefined, h.guardian(other));
  expect(otherSchool.status).toBe(404);

  const mine = await create(json);
  expect(mine.status).toBe(201);
  const peek = await validate(mine.body.id, h.guardian(school, 1));
  expect(peek.status).toBe(404);
  expect(peek.body.error.message).toBe('No encontramos esta preferencia de pago.');
  expect((await create(json, undefined, h.staff('TREASURER'))).status).toBe(403);
});

test('bad input is a Spanish 400', async () => {
  const method = await create({
    school_id: school.id,
    method: 'bitcoin',
    order_ids: [orders[0]!.id],
  });
  expect(method.status).toBe(400);
  expect(JSON.stringify(method.body)).toContain(
    'Elige cómo pagar: tarjeta, transferencia o efectivo.',
  );
  const none = await create({ school_id: school.id, method: 'cash', order_ids: [] });
  expect(JSON.stringify(none.body)).toContain('Elige al menos un concepto a pagar.');
  const twice = await create({
    school_id: school.id,
    method: 'cash',
    order_ids: [orders[1]!.id, orders[1]!.id],
  });
  expect(JSON.stringify(twice.body)).toContain('Hay conceptos repetidos.');
  const bad = await validate('no-es-uuid');
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('La preferencia de pago no es válida.');
});

test('a high-risk family cannot make a card preference; one made before validates as refused', async () => {
  const json = { school_id: school.id, method: 'card', order_ids: [orders[1]!.id] };
  const before = await create(json);
  expect(before.status).toBe(201);
  const judged = await h.call(
    h.staff('TREASURER'),
    `/backoffice/guardians/${school.families[0]!.guardianId}/credit_profile/`,
    {
      method: 'POST',
      json: { school_id: school.id, risk_level: 'high_risk', paid_flag: 'no_aply' },
    },
  );
  expect(judged.status).toBe(200);
  const refused = await create(json);
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toBe(CARD_REFUSED_FOR_RISK);
  const check = preferenceValidationSchema.parse((await validate(before.body.id)).body);
  expect(check.valid).toBe(false);
  expect(check.reasons).toEqual([CARD_REFUSED_FOR_RISK]);
  // A transfer is still welcome.
  expect((await create({ ...json, method: 'transfer' })).status).toBe(201);
});
