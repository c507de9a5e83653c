import { randomUUID } from 'node:crypto';
import { cashClosingSchema } from '@cuota/contracts/payments/cash-closing';
import type { IdentityClaims, StaffClaims } from '@cuota/contracts/identity/identity-claims';
import { mexicoCityDay } from '../corrections/void-rules';
import { balancesOfSchool } from '../ledger/ledger-repository';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
let marta: StaffClaims;
let berta: StaffClaims;
const today = mexicoCityDay(new Date());
const ana = () => school.families[0]!.studentIds[0]!;
const post = (as: IdentityClaims, path: string, json: unknown) =>
  h.call(as, `/api/v1/dashboard/schools/${school.id}/${path}`, {
    method: 'POST',
    json,
    headers: { 'idempotency-key': randomUUID() },
  });
const received = async (as: IdentityClaims, amount: number, method = 'cash') => {
  const res = await post(as, 'payins/', {
    student_id: ana(),
    amount_centavos: amount,
    method,
    confirm_excess: true,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const closing = (as: IdentityClaims, query = `date=${today}`, schoolId = school.id) =>
  h.call(as, `/api/v1/dashboard/schools/${schoolId}/cash-closing/?${query}`);

beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_cash_closing' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  marta = {
    ...(h.staff('CASH_COLLECTION') as StaffClaims),
    user_id: 'cajera-marta',
    name: 'Marta Caja',
  };
  berta = {
    ...(h.staff('CASH_COLLECTION') as StaffClaims),
    user_id: 'cajera-berta',
    name: 'Berta Caja',
  };
  // Nothing is billed: every payment is Ana's credit.
  await received(marta, 100_000);
  await received(marta, 50_000, 'transfer');
  const mistake = await received(berta, 30_000);
  expect((await post(berta, `payins/${mistake}/void/`, { reason: 'Capturé mal' })).status).toBe(
    200,
  );
  const refund = await post(h.staff('TREASURER'), `students/${ana()}/credit/refund/`, {
    amount_centavos: 20_000,
    method: 'cash',
    reason: 'Lo pidió la familia',
  });
  expect(refund.status).toBe(201);
}, 60_000);
afterAll(() => h?.stop());

test('the day’s corte: each cashier’s drawer, totals by method, equal to cash_desk', async () => {
  const res = await closing(h.staff('TREASURER'));
  expect(res.status).toBe(200);
  const corte = cashClosingSchema.parse(res.body);
  expect(corte.cashiers.map((c) => [c.cashier_name, c.cash.net_centavos])).toEqual([
    ['Berta Caja', 0],
    ['Marta Caja', 100_000],
    ['Personal treasurer', -20_000],
  ]);
  expect(corte.cashiers[1]!.transfer).toEqual({
    received_centavos: 50_000,
    voided_centavos: 0,
    refunded_centavos: 0,
    net_centavos: 50_000,
  });
  expect(corte.cashiers[0]!.movements.map((m) => [m.kind, m.amount_centavos])).toEqual([
    ['payin', 30_000],
    ['void', -30_000],
  ]);
  expect(corte.cash).toEqual({
    received_centavos: 130_000,
    voided_centavos: 30_000,
    refunded_centavos: 20_000,
    net_centavos: 80_000,
  });
  expect(corte.ledger_cash_desk_centavos).toBe(80_000);
  expect(corte.balanced).toBe(true);
  expect((await balancesOfSchool(h.service.db, school.id)).cash_desk).toBe(80_000);

  const pdf = await h.call(
    h.staff('TREASURER'),
    `/api/v1/dashboard/schools/${school.id}/cash-closing/pdf/?date=${today}`,
  );
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a cashier sees her own corte only; bad input and other roles are refused', async () => {
  const own = cashClosingSchema.parse((await closing(marta)).body);
  expect(own.cashiers.map((c) => c.cashier_id)).toEqual(['cajera-marta']);
  expect(own.ledger_cash_desk_centavos).toBeNull();
  const theirs = await closing(marta, `date=${today}&cashier_id=cajera-berta`);
  expect(theirs.status).toBe(403);
  expect(theirs.body.error.message).toBe('Solo puedes ver tu propio corte de caja.');
  const one = cashClosingSchema.parse(
    (await closing(h.staff('ACCOUNTANT'), `date=${today}&cashier_id=cajera-berta`)).body,
  );
  expect(one.cashiers.map((c) => c.cashier_name)).toEqual(['Berta Caja']);

  const bad = await closing(marta, 'date=29-11-2026');
  expect(bad.status).toBe(400);
  expect(bad.body.error.details[0].message).toBe('Escribe una fecha válida (AAAA-MM-DD).');
  expect((await closing(h.staff('ADMISSIONS'))).status).toBe(403);
  expect((await closing(h.guardian(school))).status).toBe(403);
  expect((await closing(h.staff('OWNER', other))).status).toBe(404);
  const elsewhere = cashClosingSchema.parse(
    (await closing(h.staff('OWNER', other), `date=${today}`, other.id)).body,
  );
  expect(elsewhere.cashiers).toEqual([]);
  expect(elsewhere.balanced).toBe(true);
});
