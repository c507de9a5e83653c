import { startService, type RunningService } from '@cuota/service-host/service-host';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { ledgerBalanceCheckSchema } from '@cuota/contracts/payments/responses';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { postLedgerTransaction } from './ledger-repository';
import { LedgerError } from './ledger-rules';
import { paymentsService } from '../payments-service';
import { ledgerAccounts } from '../schema';
import type * as schema from '../schema';

jest.setTimeout(30_000);

const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;

let db: TestDatabase, ns: TestNamespace;
let identity: Awaited<ReturnType<typeof createTestIdentity>>;
let payments: RunningService<typeof schema>;
let bank = '',
  receivable = '',
  revenue = '';

const BFF: IdentityClaims = { kind: 'service', service: 'bff' };

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
  payments = await startService(paymentsService, {
    port: 0,
    databaseUrl: db.url,
    natsUrl: NATS_URL,
    natsPrefix: ns.prefix,
    identityPublicJwk: identity.keys.publicJwk,
    logLevel: 'silent',
  });
  const accounts = await payments.db
    .insert(ledgerAccounts)
    .values([
      { code: 'platform:bank', name: 'Banco (cuenta concentradora)', kind: 'asset' },
      { code: 'school:s1:receivable', name: 'Colegiaturas por cobrar', kind: 'asset' },
      { code: 'school:s1:revenue', name: 'Ingresos por colegiaturas', kind: 'revenue' },
    ])
    .returning({ id: ledgerAccounts.id });
  [bank, receivable, revenue] = accounts.map((a) => a.id) as [string, string, string];
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
  const id = await payments.db.transaction((tx) =>
    postLedgerTransaction(
      tx,
      [
        { accountId: bank, amountCentavos: big + 350_000 },
        { accountId: receivable, amountCentavos: -350_000 },
        { accountId: revenue, amountCentavos: -big },
      ],
      { description: 'Pago de colegiatura' },
    ),
  );
  const { rows } = await payments.db.$client.query(
    'SELECT amount_centavos::text AS amount FROM ledger_entries WHERE transaction_id = $1 ORDER BY id',
    [id],
  );
  expect(rows.map((r) => r.amount)).toEqual(['5000350000', '-350000', '-5000000000']);
  expect(await balanceCheck()).toEqual({ balanced: true, transactions: 1 });
});

// Amounts only: the accounts exist once beforeAll has run, after this table is built.
test.each([
  ['unbalanced entries', [100_00, -99_99], 'los cargos suman 10000 centavos y los abonos 9999.'],
  ['a single entry', [100], 'Una transacción contable necesita al menos dos asientos.'],
  ['fractions of a centavo', [10.5, -10.5], 'Cada asiento debe ser una cantidad entera'],
  ['a zero entry', [0, 0], 'Cada asiento debe ser una cantidad entera de centavos distinta'],
])('refuses %s in Spanish and writes nothing', async (_label, amounts, message) => {
  const accounts = [bank, revenue];
  const entries = amounts.map((amountCentavos, i) => ({ accountId: accounts[i]!, amountCentavos }));
  const before = await transactionCount();
  const attempt = payments.db.transaction((tx) => postLedgerTransaction(tx, entries));
  await expect(attempt).rejects.toThrow(LedgerError);
  await expect(attempt).rejects.toThrow(message);
  expect(await transactionCount()).toBe(before);
});

test('the database itself refuses to commit an unbalanced transaction', async () => {
  const client = await payments.db.$client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(
      "INSERT INTO ledger_transactions (description) VALUES ('a mano') RETURNING id",
    );
    await client.query(
      'INSERT INTO ledger_entries (transaction_id, account_id, amount_centavos) VALUES ($1, $2, 500), ($1, $3, -400)',
      [rows[0].id, bank, revenue],
    );
    await expect(client.query('COMMIT')).rejects.toThrow(/no cuadra/);
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
  expect(await balanceCheck()).toEqual({ balanced: true, transactions: 1 });
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
  await payments.db.$client.query("INSERT INTO ledger_transactions (description) VALUES ('vacía')");
  expect(await balanceCheck()).toEqual({ balanced: false, transactions: 2 });
});
