import { and, asc, eq } from 'drizzle-orm';
import type { BankAccount } from '@cuota/contracts/payments/bank-accounts';
import type { Executor } from '@cuota/messaging/transaction';
import { bankAccounts } from '../schema';

/** The only code that reads or writes `bank_accounts`. */
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NewBankAccountRow = Omit<BankAccountRow, 'id' | 'createdAt'>;

export async function bankAccountsOf(db: Executor, schoolId: string): Promise<BankAccount[]> {
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.schoolId, schoolId))
    .orderBy(asc(bankAccounts.createdAt));
  return rows.map(toBankAccount);
}

export async function bankAccountByKey(
  db: Executor,
  schoolId: string,
  idempotencyKey: string,
): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(
      and(eq(bankAccounts.schoolId, schoolId), eq(bankAccounts.idempotencyKey, idempotencyKey)),
    );
  return row ?? null;
}

/** The new row, or null when its key or its CLABE is already the school's. */
export async function insertBankAccount(
  db: Executor,
  account: NewBankAccountRow,
): Promise<BankAccountRow | null> {
  const [row] = await db.insert(bankAccounts).values(account).onConflictDoNothing().returning();
  return row ?? null;
}

export const toBankAccount = (row: BankAccountRow): BankAccount => ({
  id: row.id,
  school_id: row.schoolId,
  clabe: row.clabe,
  bank_code: row.bankCode,
  bank_name: row.bankName,
  holder_name: row.holderName,
  alias: row.alias,
  created_by_name: row.createdByName,
  created_at: row.createdAt.toISOString(),
});

/** One of the school's accounts by id; null when it is not the school's. */
export async function bankAccountOfSchool(
  db: Executor,
  schoolId: string,
  id: string,
): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.schoolId, schoolId), eq(bankAccounts.id, id)));
  return row ?? null;
}
