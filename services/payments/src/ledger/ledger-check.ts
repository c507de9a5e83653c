import type { Executor } from '@cuota/messaging/transaction';
import type { BillingClient } from '../billing/billing-client';
import { checkLedgerBalance, receivablesBySchool } from './ledger-repository';

export interface SchoolReceivable {
  school_id: string;
  /** The ledger's receivable (debits minus credits). */
  ledger_centavos: number;
  /** What billing says is still owed (open base amounts). */
  billing_centavos: number;
}

export interface LedgerCheckReport {
  /** Every transaction has entries that sum to zero. */
  balanced: boolean;
  transactions: number;
  schools: SchoolReceivable[];
  /** Schools whose receivable differs from billing's open amounts. */
  mismatches: SchoolReceivable[];
  ok: boolean;
}

/**
 * `npm run ledger:check` and the tests' check after each scenario (ADR 0016): the ledger
 * balances, and each school's receivable equals billing's open base amounts.
 */
export async function checkLedger(
  db: Executor,
  billing: BillingClient,
): Promise<LedgerCheckReport> {
  // Every school billing knows: one with open orders and no receivable is a mismatch too.
  const [balance, ledger, open] = await Promise.all([
    checkLedgerBalance(db),
    receivablesBySchool(db),
    billing.openReceivables(),
  ]);
  const schools = [...new Set([...ledger.keys(), ...open.keys()])].sort().map((school_id) => ({
    school_id,
    ledger_centavos: ledger.get(school_id) ?? 0,
    billing_centavos: open.get(school_id) ?? 0,
  }));
  const mismatches = schools.filter((s) => s.ledger_centavos !== s.billing_centavos);
  return {
    balanced: balance.balanced,
    transactions: balance.transactions,
    schools,
    mismatches,
    ok: balance.balanced && mismatches.length === 0,
  };
}
