import {
  addBankAccount as addBankAccountEndpoint,
  listBankAccounts,
} from '@cuota/contracts/payments/endpoints/bank-accounts';
import { answerKeyed, implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import type { PaymentsDeps } from '../payments-deps';
import { addBankAccount } from './add-bank-account';
import { bankAccountsOf } from './bank-account-repository';

/** The school's bank accounts: listed, and added with a checked CLABE (issue 18). */
export function bankAccountHandlers(deps: PaymentsDeps) {
  return [
    implement(listBankAccounts, async ({ params }) => ({
      results: await bankAccountsOf(deps.db, params.id),
    })),
    implement(addBankAccountEndpoint, async ({ params, body, caller, idempotencyKey, res }) => {
      if (caller.kind !== 'staff') throw forbidden();
      const added = await addBankAccount(deps, params.id, body, idempotencyKey!, {
        userId: caller.user_id,
        name: caller.name ?? null,
      });
      return answerKeyed(res, added);
    }),
  ];
}
