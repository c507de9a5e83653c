import { ledgerBalanceCheck } from '@cuota/contracts/payments/endpoints/payments-endpoints';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDb } from '../payments-db';
import { checkLedgerBalance } from './ledger-repository';

export function ledgerHandlers(db: PaymentsDb) {
  return [implement(ledgerBalanceCheck, () => checkLedgerBalance(db))];
}
