import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  bankAccountListSchema,
  bankAccountSchema,
  newBankAccountSchema,
} from '@cuota/contracts/payments/bank-accounts';

const accounts = {
  domain: 'payments',
  path: '/api/v1/dashboard/schools/{id}/bank_accounts/',
  surface: 'dashboard',
  params: uuidParams('id'),
} as const;

/** Whoever sees payouts sees where they go. */
export const listBankAccounts = defineEndpoint({
  ...accounts,
  spec: 'spec',
  name: 'payments.bank-accounts.list',
  method: 'GET',
  access: staffOnly('payouts.read'),
  summary: 'Cuentas bancarias de la escuela',
  response: bankAccountListSchema,
});

/** Where the school's money goes is a money rule: whoever may refund (owner, directors, treasurer). */
export const addBankAccount = defineEndpoint({
  ...accounts,
  spec: {
    capability: 'Registrar una cuenta bancaria (CLABE) de la escuela para sus dispersiones.',
  },
  name: 'payments.bank-accounts.add',
  method: 'POST',
  access: staffOnly('payments.refund'),
  summary: 'Registrar una cuenta bancaria de la escuela',
  body: newBankAccountSchema,
  response: bankAccountSchema,
  status: 201,
  idempotencyKey: 'required',
});

export const BANK_ACCOUNT_ENDPOINTS = [listBankAccounts, addBankAccount] as const;
