import { randomUUID } from 'node:crypto';
import { creditTransferSchema, familyCreditSchema } from '@cuota/contracts/payments/credit';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { balancesOfSchool } from '../ledger/ledger-repository';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
let ana: string;
let luis: string;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_credit_transfer' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  [ana, luis] = school.families[0]!.studentIds as [string, string];
  // Nothing is billed here: the whole desk payment is Ana's credit.
  const paid = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: { student_id: ana, amount_centavos: 100_000, method: 'cash', confirm_excess: true },
      headers: { 'idempotency-key': `saldo-${randomUUID()}` },
    },
  );
  expect(paid.body.credit_created_centavos).toBe(100_000);
}, 60_000);
afterAll(() => h?.stop());

const credit = async (student: string) =>
  -((await balancesOfSchool(h.service.db, school.id))[`credit:${student}`] ?? 0) || 0;
function send(
  what: 'move' | 'refund',
  json: Record<string, unknown>,
  { as = h.staff('TREASURER'), key = `credito-${randomUUID()}`, from = ana } = {},
) {
  return h.call(
    as as IdentityClaims,
    `/api/v1/dashboard/schools/${school.id}/students/${from}/credit/${what}/`,
    { method: 'POST', json, headers: { 'idempotency-key': key } },
  );
}
const move = { to_student_id: '', amount_centavos: 30_000, reason: 'Lo pidió la familia' };

test('twenty moves with one key move the credit to the sibling once', async () => {
  const key = `mover-${randomUUID()}`;
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      send('move', { ...move, to_student_id: luis }, { key, as: h.staff('CASH_COLLECTION') }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
  const transfer = creditTransferSchema.parse(answers[0]!.body);
  expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([transfer.id]));
  expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
  expect(transfer).toMatchObject({ kind: 'move', from_student_id: ana, to_student_id: luis });
  expect(await h.count('credit_transfers')).toBe(1);
  expect([await credit(ana), await credit(luis)]).toEqual([70_000, 30_000]);
});

test('twenty moves with their own keys move no more than the balance', async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      send('move', { ...move, to_student_id: luis, amount_centavos: 10_000 }),
    ),
  );
  expect(answers.filter((a) => a.status === 201)).toHaveLength(7);
  const refused = answers.filter((a) => a.status === 409);
  expect(refused).toHaveLength(13);
  expect(refused[0]!.body.error.message).toBe(
    'El saldo a favor del alumno es $0.00; no alcanza para $100.00.',
  );
  expect([await credit(ana), await credit(luis)]).toEqual([0, 100_000]);
  expect((await h.ledgerCheck()).balanced).toBe(true);
});

test('a refund needs payments.refund and takes the money from the desk', async () => {
  const json = { amount_centavos: 20_000, method: 'cash', reason: 'Se da de baja el alumno' };
  const cashier = await send('refund', json, { as: h.staff('CASH_COLLECTION'), from: luis });
  expect(cashier.status).toBe(403);
  const before = await balancesOfSchool(h.service.db, school.id);
  const res = await send('refund', json, { from: luis });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ kind: 'refund', method: 'cash', to_student_id: null });
  const after = await balancesOfSchool(h.service.db, school.id);
  expect(after.cash_desk! - before.cash_desk!).toBe(-20_000);
  expect(await credit(luis)).toBe(80_000);
});

test('only to a sibling, with a reason; another school’s student is 404', async () => {
  const before = await h.count('ledger_transactions');
  const stranger = await send(
    'move',
    { ...move, to_student_id: school.families[1]!.studentIds[0]! },
    { from: luis },
  );
  expect(stranger.status).toBe(409);
  expect(stranger.body.error.message).toBe(
    'El saldo a favor solo puede pasarse a un hermano del alumno.',
  );
  const noReason = await send('move', { ...move, to_student_id: ana, reason: '' }, { from: luis });
  expect(noReason.status).toBe(400);
  expect(noReason.body.error.details[0].message).toBe('Escribe el motivo (al menos 5 caracteres).');
  expect(
    (await send('move', { ...move, to_student_id: ana }, { as: h.staff('ACCOUNTANT') })).status,
  ).toBe(403);
  const theirs = await send(
    'move',
    { ...move, to_student_id: ana },
    { from: other.families[0]!.studentIds[0]! },
  );
  expect(theirs.status).toBe(404);
  expect(await h.count('ledger_transactions')).toBe(before);
});

test('the family sees its credit per student; others see theirs or nothing', async () => {
  const path = (schoolId = school.id) => `/api/v1/schools/${schoolId}/credit/`;
  const mine = await h.call(h.guardian(school, 0), path());
  expect(mine.status).toBe(200);
  expect(familyCreditSchema.parse(mine.body)).toEqual({
    students: [
      { student_id: ana, name: 'Ana Pérez 00', credit_centavos: 0, refund_owed_centavos: 0 },
      { student_id: luis, name: 'Luis Pérez 01', credit_centavos: 80_000, refund_owed_centavos: 0 },
    ],
    credit_centavos: 80_000,
    refund_owed_centavos: 0,
  });
  const neighbours = await h.call(h.guardian(school, 1), path());
  expect(neighbours.body.credit_centavos).toBe(0);
  const staff = await h.call(h.staff('ACCOUNTANT'), path());
  expect(staff.body.students.map((s: { student_id: string }) => s.student_id)).toEqual([luis]);
  expect((await h.call(h.staff('OTHER'), path())).status).toBe(403);
  expect((await h.call(h.guardian(other), path())).status).toBe(404);
});
