import type { Express } from 'express';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { checkLedgerBalance } from './ledger-balance-check';
import type { PaymentsDb } from './payments-db';

export function ledgerRoutes(app: Express, db: PaymentsDb): void {
  // Internal: the platform itself (monitoring through the BFF), never a school's staff.
  app.get('/internal/ledger/balance-check', async (_req, res) => {
    requireKind(res, 'service');
    res.json(await checkLedgerBalance(db));
  });
}
