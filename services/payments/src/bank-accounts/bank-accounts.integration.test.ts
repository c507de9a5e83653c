import { randomUUID } from 'node:crypto';
import { bankAccountSchema } from '@cuota/contracts/payments/bank-accounts';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_bank_accounts' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

const path = (schoolId = school.id) => `/api/v1/dashboard/schools/${schoolId}/bank_accounts/`;
const add = (
  json: object,
  as: IdentityClaims = h.staff('TREASURER'),
  schoolId = school.id,
  key = randomUUID(),
) => h.call(as, path(schoolId), { method: 'POST', json, headers: { 'idempotency-key': key } });
// Banxico's published example: Banamex, check digit 1.
const BANAMEX = '002010077777777771';

test('a CLABE is checked, its bank named from its first digits, and listed once', async () => {
  const json = { clabe: '0020 1007 7777 7777 71', holder_name: 'Colegio Prueba, A.C.' };
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => add(json, undefined, undefined, key)),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
  expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
  const added = answers[0]!;
  expect(bankAccountSchema.parse(added.body)).toMatchObject({
    clabe: BANAMEX,
    bank_code: '002',
    bank_name: 'Banamex',
    holder_name: 'Colegio Prueba, A.C.',
    alias: null,
  });
  const again = await add({ clabe: BANAMEX, holder_name: 'Colegio Prueba, A.C.' });
  expect(again.status).toBe(409);
  expect(again.body.error.message).toBe('Esta CLABE ya está registrada en la escuela.');

  const list = await h.call(h.staff('ACCOUNTANT'), path());
  expect(list.status).toBe(200);
  expect(list.body.results.map((a: { clabe: string }) => a.clabe)).toEqual([BANAMEX]);
});

test('a wrong CLABE is a Spanish 400 and nothing is written', async () => {
  const before = await h.count('bank_accounts');
  for (const [clabe, message] of [
    ['00201007777777777', 'La CLABE tiene 18 dígitos.'],
    [
      '002010077777777772',
      'La CLABE no es válida: el último dígito no corresponde a los anteriores. Revísala.',
    ],
    ['032180000118359719', 'Los primeros tres dígitos de la CLABE no corresponden a ningún banco.'],
  ] as const) {
    const res = await add({ clabe, holder_name: 'Colegio Prueba, A.C.' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe(message);
  }
  expect(await h.count('bank_accounts')).toBe(before);
});

test('who may see and add accounts: 403 by role, 404 for another school', async () => {
  const json = { clabe: '012180000118359713', holder_name: 'Colegio Prueba, A.C.' };
  for (const role of ['CASH_COLLECTION', 'ADMINISTRATIVE_DIRECTOR', 'ACCOUNTANT'] as const)
    expect((await add(json, h.staff(role))).status).toBe(403);
  expect((await h.call(h.staff('CASH_COLLECTION'), path())).status).toBe(403);
  expect((await h.call(h.guardian(school), path())).status).toBe(403);
  expect((await h.call(h.staff('OWNER'), path(other.id))).status).toBe(404);
  expect((await add(json, h.staff('OWNER'), other.id)).status).toBe(404);
  expect(await h.count('bank_accounts', 'clabe = $1', [json.clabe])).toBe(0);
});
