import { randomUUID } from 'node:crypto';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_desk_settings' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

const path = (schoolId = school.id) => `/api/v1/dashboard/schools/${schoolId}/desk-settings/`;
const setLimit = (as: IdentityClaims, json: unknown, schoolId = school.id) =>
  h.call(as, path(schoolId), { method: 'PUT', json });
const paidAtDesk = (amount: number) =>
  h.call(h.staff('CASH_COLLECTION'), `/api/v1/dashboard/schools/${school.id}/payins/`, {
    method: 'POST',
    json: {
      student_id: school.families[0]!.studentIds[0]!,
      amount_centavos: amount,
      method: 'cash',
      confirm_excess: true,
    },
    headers: { 'idempotency-key': randomUUID() },
  });

test('the treasurer lowers the limit; the desk then refuses above it', async () => {
  const seen = await h.call(h.staff('CASH_COLLECTION'), path());
  expect(seen.body).toEqual({ desk_limit_centavos: 5_000_000 });
  const set = await setLimit(h.staff('TREASURER'), { desk_limit_centavos: 2_000_000 });
  expect(set.status).toBe(200);
  expect(set.body).toEqual({ desk_limit_centavos: 2_000_000 });
  const refused = await paidAtDesk(2_500_000);
  expect(refused.status).toBe(422);
  expect(refused.body.error.message).toBe(
    'El monto supera el límite de $20,000.00 por pago en caja de la escuela. Revisa la cantidad.',
  );
  expect((await paidAtDesk(2_000_000)).status).toBe(201);
});

test('only whoever may refund changes it; bad amounts are Spanish 400s', async () => {
  for (const role of ['CASH_COLLECTION', 'ADMINISTRATIVE_DIRECTOR', 'ACCOUNTANT'] as const)
    expect((await setLimit(h.staff(role), { desk_limit_centavos: 1_000 })).status).toBe(403);
  expect((await setLimit(h.staff('OWNER', other), { desk_limit_centavos: 1_000 })).status).toBe(
    404,
  );
  for (const [json, message] of [
    [{ desk_limit_centavos: 0 }, 'La cantidad debe ser mayor que cero.'],
    [
      { desk_limit_centavos: 100_000_001 },
      'El límite por pago en caja puede ser de hasta $1,000,000.00.',
    ],
  ] as const) {
    const res = await setLimit(h.staff('OWNER'), json);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe(message);
  }
  expect((await h.call(h.staff('OWNER'), path())).body).toEqual({
    desk_limit_centavos: 2_000_000,
  });
});
