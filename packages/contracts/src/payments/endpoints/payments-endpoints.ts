import { bffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { ledgerBalanceCheckSchema } from '../responses';
import { BACKOFFICE_PAYIN_ENDPOINTS } from './backoffice-payins';
import { BANK_ACCOUNT_ENDPOINTS } from './bank-accounts';
import { CARD_SUBSCRIPTION_ENDPOINTS } from './card-subscriptions';
import { CASH_CLOSING_ENDPOINTS } from './cash-closing';
import { CHECKOUT_ENDPOINTS } from './checkout';
import { CORRECTION_ENDPOINTS } from './corrections';
import { CREDIT_ENDPOINTS } from './credit';
import { CREDIT_PROFILE_ENDPOINTS } from './credit-profile';
import { DESK_ENDPOINTS } from './desk';
import { FIGURE_ENDPOINTS } from './figures';
import { PAYIN_ENDPOINTS } from './payins';
import { PAYMENTS_TODO_ENDPOINTS } from './payments-todo';
import { PAYOUT_ENDPOINTS } from './payouts';
import { PREFERENCE_ENDPOINTS } from './preferences';
import { STORE_CHECKOUT_ENDPOINTS } from './store-checkout';
import { GATEWAY_CREDENTIAL_ENDPOINTS } from './gateway-credentials';
import { TRANSFER_REPORT_ENDPOINTS } from './transfer-reports';

/** The platform's own check that every ledger transaction balances (never a school's staff). */
export const ledgerBalanceCheck = defineEndpoint({
  name: 'payments.ledger.balance-check',
  method: 'GET',
  path: '/internal/ledger/balance-check',
  domain: 'payments',
  surface: 'internal',
  access: bffOnly(),
  summary: 'Comprobar que el libro mayor cuadra',
  spec: { capability: 'Monitoreo: cada transacción contable suma cero.' },
  response: ledgerBalanceCheckSchema,
});

export const PAYMENTS_ENDPOINTS: readonly AnyEndpoint[] = [
  ledgerBalanceCheck,
  ...CHECKOUT_ENDPOINTS,
  ...STORE_CHECKOUT_ENDPOINTS,
  ...PREFERENCE_ENDPOINTS,
  ...CREDIT_PROFILE_ENDPOINTS,
  ...BACKOFFICE_PAYIN_ENDPOINTS,
  ...GATEWAY_CREDENTIAL_ENDPOINTS,
  ...PAYIN_ENDPOINTS,
  ...DESK_ENDPOINTS,
  ...CORRECTION_ENDPOINTS,
  ...CREDIT_ENDPOINTS,
  ...CASH_CLOSING_ENDPOINTS,
  ...FIGURE_ENDPOINTS,
  ...BANK_ACCOUNT_ENDPOINTS,
  ...TRANSFER_REPORT_ENDPOINTS,
  ...PAYOUT_ENDPOINTS,
  ...CARD_SUBSCRIPTION_ENDPOINTS,
  ...PAYMENTS_TODO_ENDPOINTS,
];
