import { randomBytes } from 'node:crypto';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { ledgerBalanceCheckSchema } from '@cuota/contracts/payments/responses';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { creditAccount, schoolAccount } from './chart-of-accounts';
import { balancesOfSchool, lockCreditBalance, postLedgerTransaction } from './ledger-repository';
import { LedgerError, type LedgerLine, type Posting } from './ledger-rules';
import { definePaymentsService } from '../payments-service';
import type * as schema from '../schema';

jest.setTimeout(30_000);

const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;

let db: TestDatabase, ns: TestNamespace;
let identity: Awaited<ReturnType<typeof createTestIdentity>>;
let payments: RunningService<typeof schema>;

const BFF: IdentityClaims = { kind: 'service', service: 'bff' };
const SCHOOL = 's1';
const bank = schoolAccount(SCHOOL, 'bank');
const receivable = schoolAccount(SCHOOL, 'receivable');
const revenue = schoolAccount(SCHOOL, 'revenue');
const credit = creditAccount(SCHOOL, 'alumno-1');

let n = 0;
const posting = (lines: [typeof bank, number][], key = `prueba-${++n}`): Posting => ({
  idempotencyKey: key,
  schoolId: SCHOOL,
  description: 'Prueba',
  lines: lines.map(([account, amountCentavos]): LedgerLine => ({ account, amountCentavos })),
});
const post = (p: Posting) => payments.db.transaction((tx) => postLedgerTransaction(tx, p));

async function get(pathname: string, claims?: IdentityClaims): Promise<Response> {
  const headers: Record<string, string> = {};
  if (claims) headers.authorization = `Bearer ${await identity.sign(claims)}`;
  return fetch(`${payments.url}${pathname}`, { headers });
}

async function balanceCheck() {
  const res = await get('/internal/ledger/balance-check', BFF);
  expect(res.status).toBe(200);
  return ledgerBalanceCheckSchema.parse(await res.json());
}

async function transactionCount(): Promise<number> {
  const { rows } = await payments.db.$client.query(
    'SELECT count(*)::int AS n FROM ledger_transactions',
  );
  return rows[0].n;
}

beforeAll(async () => {
  [db, ns, identity] = await Promise.all([
    createTestDatabase('payments'),
    createTestNamespace(),
    createTestIdentity(),
  ]);
  payments = await startService(
    definePaymentsService({
      kushkiProductionUrl: 'http://127.0.0.1:9',
      secretsKey: randomBytes(32),
      reconciliation: { intervalMs: 0 },
    }),
    {
      port: 0,
      databaseUrl: db.url,
      natsUrl: NATS_URL,
      natsPrefix: ns.prefix,
      identityPublicJwk: identity.keys.publicJwk,
      logLevel: 'silent',
    },
  );
});

afterAll(async () => {
  await payments?.stop();
  await ns?.dispose();
  await db?.drop();
});

test('answers the health and readiness probes without a token', async () => {
  expect((await fetch(`${payments.url}/healthz`)).status).toBe(200);
  const ready = await fetch(`${payments.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
});

test('the balance check answers 401 without a token and 403 to anyone but the platform', async () => {
  expect((await get('/internal/ledger/balance-check')).status).toBe(401);
  const staff = await get('/internal/ledger/balance-check', {
    kind: 'staff',
    user_id: 'u-1',
    memberships: [{ school_id: 's1', role: 'OWNER' }],
  });
  expect(staff.status).toBe(403);
  expect((await errorOf(staff)).code).toBe('FORBIDDEN');
});

test('an empty ledger is balanced', async () => {
  expect(await balanceCheck()).toEqual({ balanced: true, transactions: 0 });
});

test('a balanced transaction is posted and the ledger stays balanced', async () => {
  // 50 million pesos in centavos: beyond a 32-bit integer, exact in bigint.
  const big = 5_000_000_000;
  const { transactionId, replayed } = await post(
    posting([
      [bank, big + 350_000],
      [receivable, -350_000],
      [revenue, -big],
    ]),
  );
  expect(replayed).toBe(false);
  const { rows } = await payments.db.$client.query(
    'SELECT amount_centavos::text AS amount FROM ledger_entries WHERE transaction_id = $1 ORDER BY amount_centavos DESC',
    [transactionId],
  );
  expect(rows.map((r) => r.amount)).toEqual(['5000350000', '-350000', '-5000000000']);
  expect(await balanceCheck()).toEqual({ balanced: true, transactions: 1 });
});

test('a replayed key returns the first posting; the same key with other lines is refused', async () => {
  const first = await post(
    posting(
      [
        [bank, 1_000],
        [revenue, -1_000],
      ],
      'pago-unico',
    ),
  );
  const again = await post(
    posting(
      [
        [revenue, -1_000],
        [bank, 1_000],
      ],
      'pago-unico',
    ),
  );
  expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
  const before = await transactionCount();
  await expect(
    post(
      posting(
        [
          [bank, 2_000],
          [revenue, -2_000],
        ],
        'pago-unico',
      ),
    ),
  ).rejects.toThrow('La clave contable pago-unico ya se usó para otros asientos');
  expect(await transactionCount()).toBe(before);
});

test.each([
  ['unbalanced entries', [100_00, -99_99], 'los cargos suman 10000 centavos y los abonos 9999.'],
  ['a single entry', [100], 'Una transacción contable necesita al menos dos asientos.'],
  ['fractions of a centavo', [10.5, -10.5], 'Cada asiento debe ser una cantidad entera'],
  ['only zero entries', [0, 0], 'Una transacción contable necesita al menos dos asientos.'],
])('refuses %s in Spanish and writes nothing', async (_label, amounts, message) => {
  const accounts = [bank, revenue];
  const before = await transactionCount();
  const attempt = post(posting(amounts.map((a, i) => [accounts[i]!, a])));
  await expect(attempt).rejects.toThrow(LedgerError);
  await expect(attempt).rejects.toThrow(message);
  expect(await transactionCount()).toBe(before);
});

test('a student’s credit never goes below zero, even when two postings race for it', async () => {
  await post(
    posting([
      [bank, 10_000],
      [credit, -10_000],
    ]),
  ); // 100 pesos of credit
  await expect(
    post(
      posting([
        [credit, 10_001],
        [receivable, -10_001],
      ]),
    ),
  ).rejects.toThrow('no alcanza para este movimiento');
  // Two spends of 70 pesos at once: the account's lock lets exactly one through.
  const spends = await Promise.allSettled(
    [1, 2].map(() =>
      post(
        posting([
          [credit, 7_000],
          [receivable, -7_000],
        ]),
      ),
    ),
  );
  expect(spends.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
  expect(spends.filter((s) => s.status === 'rejected')).toHaveLength(1);
  const credits = await payments.db.transaction((tx) => lockCreditBalance(tx, SCHOOL, 'alumno-1'));
  expect(credits).toBe(3_000);
  expect((await balancesOfSchool(payments.db, SCHOOL))['credit:alumno-1']).toBe(-3_000);
});

test('the database itself refuses to commit an unbalanced transaction', async () => {
  const [account] = (
    await payments.db.$client.query('SELECT id FROM ledger_accounts WHERE code = $1', [bank.code])
  ).rows;
  const [other] = (
    await payments.db.$client.query('SELECT id FROM ledger_accounts WHERE code = $1', [
      revenue.code,
    ])
  ).rows;
  const before = await balanceCheck();
  const client = await payments.db.$client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(
      "INSERT INTO ledger_transactions (idempotency_key, payload_hash, description) VALUES ('a-mano', 'x', 'a mano') RETURNING id",
    );
    await client.query(
      'INSERT INTO ledger_entries (transaction_id, account_id, amount_centavos) VALUES ($1, $2, 500), ($1, $3, -400)',
      [rows[0].id, account.id, other.id],
    );
    await expect(client.query('COMMIT')).rejects.toThrow(/no cuadra/);
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
  expect(await balanceCheck()).toEqual(before);
});

test('posted entries cannot be changed or deleted', async () => {
  await expect(
    payments.db.$client.query('UPDATE ledger_entries SET amount_centavos = amount_centavos * 2'),
  ).rejects.toThrow(/no se modifican ni se borran/);
  await expect(payments.db.$client.query('DELETE FROM ledger_entries')).rejects.toThrow(
    /no se modifican ni se borran/,
  );
});

test('the balance check notices a transaction without entries', async () => {
  const before = await balanceCheck();
  await payments.db.$client.query(
    "INSERT INTO ledger_transactions (idempotency_key, payload_hash, description) VALUES ('vacia', 'x', 'vacía')",
  );
  expect(await balanceCheck()).toEqual({ balanced: false, transactions: before.transactions + 1 });
});
