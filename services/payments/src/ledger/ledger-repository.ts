import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerBalanceCheck } from '@cuota/contracts/payments/responses';
import type { Executor } from '@cuota/messaging/transaction';
import { claimed, onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { assertSameRequest } from '@cuota/service-runtime/idempotency/same-request';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../schema';
import { creditAccount, owedAccount } from './chart-of-accounts';
import {
  assertBalanced,
  LedgerError,
  naturalBalance,
  normalizeLines,
  payloadHash,
  type AccountRef,
  type LedgerLine,
  type Posting,
} from './ledger-rules';

/** The only code that reads or writes the ledger's tables. */

/**
 * Re-checks the whole ledger in SQL, independently of the code that wrote it: every
 * transaction has entries and they sum to zero. For operators and monitoring.
 */
export async function checkLedgerBalance(db: Executor): Promise<LedgerBalanceCheck> {
  const { rows } = await db.execute<{ transactions: number; unbalanced: number }>(sql`
    SELECT count(*)::int AS transactions,
           count(*) FILTER (WHERE total <> 0 OR entries < 2)::int AS unbalanced
      FROM (SELECT t.id,
                   coalesce(sum(e.amount_centavos), 0) AS total,
                   count(e.id) AS entries
              FROM ledger_transactions t
              LEFT JOIN ledger_entries e ON e.transaction_id = t.id
             GROUP BY t.id) AS per_transaction`);
  const { transactions, unbalanced } = rows[0]!;
  return { balanced: unbalanced === 0, transactions };
}

/** Each school's receivable (debit-normal), for the check against billing's open amounts. */
export async function receivablesBySchool(db: Executor): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ school_id: string; balance: string }>(sql`
    SELECT a.school_id, coalesce(sum(e.amount_centavos), 0)::text AS balance
      FROM ledger_accounts a
      LEFT JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.school_id IS NOT NULL AND a.code = 'school:' || a.school_id || ':receivable'
     GROUP BY a.school_id`);
  return new Map(rows.map((r) => [r.school_id, Number(r.balance)]));
}

export interface Posted {
  transactionId: string;
  /** The key was posted before with the same lines: nothing new was written. */
  replayed: boolean;
}

/**
 * Posts a balanced transaction inside the caller's database transaction, so it commits
 * with the business change it records (and its outbox event). The caller's key (its business
 * event's) is kept on the posting with a hash of the lines, the key-on-the-row form of ADR
 * 0019: a replay returns the first posting, the same key with other lines is refused (a
 * defect, not a client's retry: a LedgerError, not the 422). Accounts that must not go
 * negative are locked (FOR UPDATE) before their new balance is checked, so concurrent
 * postings cannot both spend the same credit.
 */
export async function postLedgerTransaction(tx: Executor, posting: Posting): Promise<Posted> {
  const lines = normalizeLines(posting.lines);
  assertBalanced(lines.map((l) => l.amountCentavos));
  const hash = payloadHash(lines);
  const key = posting.idempotencyKey;
  if (lines.some((l) => l.account.mustNotGoNegative)) {
    const { row, replayed } = await onceOnRow({
      hash,
      find: () => postingByKey(tx, key),
      create: () => insertPosting(tx, posting, lines, hash),
      refuse: () => refusal(key),
    });
    return { transactionId: row.id, replayed };
  }
  const posted = (await insertPostingsAtOnce(tx, [{ posting, lines, hash }])).get(key);
  return posted ? { transactionId: posted, replayed: false } : replayOf(tx, key, hash);
}

/**
 * postLedgerTransaction for the postings of a batch of settlements (ADR 0112): those with
 * no guarded account in one statement, each key still once; the others one by one.
 */
export async function postLedgerTransactions(tx: Executor, postings: Posting[]): Promise<void> {
  const atOnce: PostingAtOnce[] = [];
  for (const posting of postings) {
    const lines = normalizeLines(posting.lines);
    if (lines.some((l) => l.account.mustNotGoNegative)) await postLedgerTransaction(tx, posting);
    else {
      assertBalanced(lines.map((l) => l.amountCentavos));
      atOnce.push({ posting, lines, hash: payloadHash(lines) });
    }
  }
  const posted = await insertPostingsAtOnce(tx, atOnce);
  const seen = new Set<string>();
  for (const { posting, hash } of atOnce) {
    const key = posting.idempotencyKey;
    // A key taken before, or twice in the batch: a replay with the same lines, or refused.
    if (!posted.has(key) || seen.has(key)) await replayOf(tx, key, hash);
    seen.add(key);
  }
}

const refusal = (key: string) =>
  new LedgerError(
    `La clave contable ${key} ya se usó para otros asientos; no se registra de nuevo.`,
  );

/** The key was taken (a replay, or a concurrent posting that committed first): its row answers. */
async function replayOf(tx: Executor, key: string, hash: string): Promise<Posted> {
  const row = (await postingByKey(tx, key))!;
  assertSameRequest(row.requestHash, hash, () => refusal(key));
  return { transactionId: row.id, replayed: true };
}

interface PostingAtOnce {
  posting: Posting;
  lines: LedgerLine[];
  hash: string;
}

/**
 * Postings with no guarded account in one statement (issue 18's burst: a settlement's posting
 * was four): each transaction row under its key and its entries on the accounts that exist.
 * Answers the id by key of those it wrote (a key taken writes nothing). Accounts not created
 * yet (a school's first posting on them) are created after, and their entries written then.
 */
async function insertPostingsAtOnce(
  tx: Executor,
  list: PostingAtOnce[],
): Promise<Map<string, string>> {
  if (!list.length) return new Map();
  const given = JSON.stringify(
    list.map(({ posting, lines, hash }) => ({
      key: posting.idempotencyKey,
      hash,
      school: posting.schoolId,
      description: posting.description,
      occurred_at: posting.occurredAt?.toISOString() ?? null,
      lines: lines.map((l) => ({ code: l.account.code, amount: l.amountCentavos })),
    })),
  );
  const { rows } = await tx.execute<{ key: string; id: string; missing: string[] }>(sql`
    WITH given AS (
      SELECT g.key, g.hash, g.school, g.description, g.occurred_at, g.lines
        FROM jsonb_to_recordset(${given}::jsonb)
             AS g(key text, hash text, school text, description text, occurred_at timestamptz,
                  lines jsonb)
    ), posting AS (
      INSERT INTO ${ledgerTransactions} (idempotency_key, payload_hash, school_id, description, occurred_at)
      SELECT key, hash, school, description, coalesce(occurred_at, now()) FROM given
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key
    ), lines AS (
      SELECT posting.id, l.code, l.amount
        FROM posting JOIN given ON given.key = posting.idempotency_key,
             jsonb_to_recordset(given.lines) AS l(code text, amount bigint)
    ), entries AS (
      INSERT INTO ${ledgerEntries} (transaction_id, account_id, amount_centavos)
      SELECT lines.id, a.id, lines.amount FROM lines JOIN ${ledgerAccounts} a ON a.code = lines.code
    )
    SELECT posting.idempotency_key AS key, posting.id,
           array(SELECT lines.code FROM lines
                  WHERE lines.id = posting.id
                    AND NOT EXISTS (SELECT 1 FROM ${ledgerAccounts} a WHERE a.code = lines.code)
                  ORDER BY lines.code) AS missing
      FROM posting`);
  const byKey = new Map(list.map((p) => [p.posting.idempotencyKey, p]));
  for (const row of rows.filter((r) => r.missing.length > 0)) {
    const fresh = byKey.get(row.key)!.lines.filter((l) => row.missing.includes(l.account.code));
    const ids = await accountIds(
      tx,
      fresh.map((l) => l.account),
    );
    await tx.insert(ledgerEntries).values(
      fresh.map((l) => ({
        transactionId: row.id,
        accountId: ids.get(l.account.code)!,
        amountCentavos: l.amountCentavos,
      })),
    );
  }
  return new Map(rows.map((r) => [r.key, r.id]));
}

async function postingByKey(tx: Executor, key: string) {
  const [row] = await tx
    .select({ id: ledgerTransactions.id, requestHash: ledgerTransactions.payloadHash })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key));
  return row ?? null;
}

/** The posting under its key (KeyTaken when a concurrent posting holds it) and its entries. */
async function insertPosting(
  tx: Executor,
  posting: Posting,
  lines: LedgerLine[],
  hash: string,
): Promise<{ id: string; requestHash: string }> {
  const [inserted] = await tx
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: posting.idempotencyKey,
      payloadHash: hash,
      schoolId: posting.schoolId,
      description: posting.description,
      occurredAt: posting.occurredAt,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id, requestHash: ledgerTransactions.payloadHash });
  const created = claimed(inserted);
  const ids = await accountIds(
    tx,
    lines.map((l) => l.account),
  );
  await refuseNegative(tx, lines, ids);
  await tx.insert(ledgerEntries).values(
    lines.map((l) => ({
      transactionId: created.id,
      accountId: ids.get(l.account.code)!,
      amountCentavos: l.amountCentavos,
    })),
  );
  return created;
}

/** Finds (creating the first time) each account; returns code → id. */
async function accountIds(tx: Executor, accounts: AccountRef[]): Promise<Map<string, string>> {
  const codes = accounts.map((a) => a.code);
  const found = async () =>
    tx
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, codes));
  let rows = await found();
  if (rows.length < codes.length) {
    const known = new Set(rows.map((r) => r.code));
    await tx
      .insert(ledgerAccounts)
      .values(
        accounts
          .filter((a) => !known.has(a.code))
          .map((a) => ({
            code: a.code,
            name: a.name,
            kind: a.kind,
            schoolId: a.schoolId,
            mustNotGoNegative: a.mustNotGoNegative ?? false,
          })),
      )
      .onConflictDoNothing({ target: ledgerAccounts.code });
    rows = await found();
  }
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function refuseNegative(
  tx: Executor,
  lines: ReturnType<typeof normalizeLines>,
  ids: Map<string, string>,
): Promise<void> {
  const guarded = lines.filter((l) => l.account.mustNotGoNegative);
  // Sorted by code (normalizeLines), so two postings lock shared accounts in the same order.
  for (const line of guarded) {
    const id = ids.get(line.account.code)!;
    const current = await lockedBalance(tx, id);
    if (naturalBalance(line.account.kind, current + line.amountCentavos) < 0)
      throw new LedgerError(
        `El saldo de la cuenta «${line.account.name}» no alcanza para este movimiento.`,
      );
  }
}

/** Locks the account row and returns its signed balance (debits positive). */
async function lockedBalance(tx: Executor, accountId: string): Promise<number> {
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
    .for('update');
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCentavos}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row!.total);
}

/**
 * A student's credit balance (what the school owes them), with the account locked until
 * the caller's transaction ends: the reader may then spend it without a race.
 */
export async function lockCreditBalance(
  tx: Executor,
  schoolId: string,
  studentId: string,
): Promise<number> {
  const { code } = creditAccount(schoolId, studentId);
  const [account] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  if (!account) return 0;
  return -(await lockedBalance(tx, account.id));
}

/** Students of a school holding credit now (unlocked read; lock each before spending). */
export async function studentsWithCredit(db: Executor, schoolId: string): Promise<string[]> {
  const prefix = `school:${schoolId}:credit:`;
  const { rows } = await db.execute<{ code: string }>(sql`
    SELECT a.code
      FROM ${ledgerAccounts} a
      JOIN ${ledgerEntries} e ON e.account_id = a.id
     WHERE a.school_id = ${schoolId} AND a.must_not_go_negative
       AND starts_with(a.code, ${prefix})
     GROUP BY a.code
    HAVING sum(e.amount_centavos) < 0
     ORDER BY a.code`);
  return rows.map((r) => r.code.slice(prefix.length));
}

/** Every account's balance of a school, for tests and the operators' check. */
export async function balancesOfSchool(
  db: Executor,
  schoolId: string,
): Promise<Record<string, number>> {
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCentavos}), 0)::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(and(eq(ledgerAccounts.schoolId, schoolId)))
    .groupBy(ledgerAccounts.code);
  const prefix = `school:${schoolId}:`;
  return Object.fromEntries(rows.map((r) => [r.code.slice(prefix.length), Number(r.total)]));
}

/** These students' credit balances (what the school owes each), unlocked: for display. */
export function creditBalances(
  db: Executor,
  schoolId: string,
  studentIds: string[],
): Promise<Map<string, number>> {
  return studentBalances(db, schoolId, studentIds, creditAccount);
}

/**
 * What refunds left each of these students owing (`owed:<student>`, ADR 0036). Only
 * collections lower it, and they run under the students' locks (`lockStudents`): read after
 * taking them, it is what may be collected.
 */
export function owedBalances(
  db: Executor,
  schoolId: string,
  studentIds: string[],
): Promise<Map<string, number>> {
  return studentBalances(db, schoolId, studentIds, owedAccount);
}

/** A per-student account's balance for each student, as people read it (zero when none). */
async function studentBalances(
  db: Executor,
  schoolId: string,
  studentIds: string[],
  accountOf: (schoolId: string, studentId: string) => AccountRef,
): Promise<Map<string, number>> {
  const balances = new Map(studentIds.map((id) => [id, 0]));
  if (!studentIds.length) return balances;
  const accounts = new Map(studentIds.map((id) => [accountOf(schoolId, id).code, id]));
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      kind: ledgerAccounts.kind,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCentavos}), 0)::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(inArray(ledgerAccounts.code, [...accounts.keys()]))
    .groupBy(ledgerAccounts.code, ledgerAccounts.kind);
  for (const r of rows)
    balances.set(accounts.get(r.code)!, naturalBalance(r.kind, Number(r.total)));
  return balances;
}

/** Students of a school who owe for a refund now (unlocked read). */
export async function studentsOwing(db: Executor, schoolId: string): Promise<string[]> {
  const prefix = `school:${schoolId}:owed:`;
  const { rows } = await db.execute<{ code: string }>(sql`
    SELECT a.code
      FROM ${ledgerAccounts} a
      JOIN ${ledgerEntries} e ON e.account_id = a.id
     WHERE a.school_id = ${schoolId} AND starts_with(a.code, ${prefix})
     GROUP BY a.code
    HAVING sum(e.amount_centavos) > 0
     ORDER BY a.code`);
  return rows.map((r) => r.code.slice(prefix.length));
}

/** What an account moved on a Mexico City calendar day (debits minus credits): a corte. */
export async function accountMovementOnDay(
  db: Executor,
  account: AccountRef,
  day: string,
): Promise<number> {
  const { rows } = await db.execute<{ total: string }>(sql`
    SELECT coalesce(sum(e.amount_centavos), 0)::text AS total
      FROM ${ledgerEntries} e
      JOIN ${ledgerAccounts} a ON a.id = e.account_id
      JOIN ${ledgerTransactions} t ON t.id = e.transaction_id
     WHERE a.code = ${account.code}
       AND (t.occurred_at AT TIME ZONE 'America/Mexico_City')::date = ${day}::date`);
  return Number(rows[0]!.total);
}
