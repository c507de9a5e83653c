import { z } from 'zod';

/** GET /internal/ledger/balance-check: every ledger transaction's entries sum to zero. */
export const ledgerBalanceCheckSchema = z.object({
  balanced: z.boolean(),
  transactions: z.number().int(),
});
export type LedgerBalanceCheck = z.infer<typeof ledgerBalanceCheckSchema>;
