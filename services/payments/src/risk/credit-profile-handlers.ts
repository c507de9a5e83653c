import {
  getCreditProfile,
  markPaymentAsBlocked,
  setCreditProfile as setCreditProfileEndpoint,
} from '@cuota/contracts/payments/endpoints/credit-profile';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDeps } from '../payments-deps';
import { markPaymentBlocked, readCreditProfile, setCreditProfile } from './credit-profile';

/** A family's credit profile per school, from the backoffice (ADR 0036 "risk"). */
export function creditProfileHandlers(deps: PaymentsDeps) {
  return [
    implement(getCreditProfile, ({ params, query, requireStaffOf }) => {
      requireStaffOf(query.school_id);
      return readCreditProfile(deps.db, query.school_id, params.id);
    }),
    implement(setCreditProfileEndpoint, ({ params, body, requireStaffOf }) => {
      const staff = requireStaffOf(body.school_id);
      return setCreditProfile(deps.db, params.id, body, {
        userId: staff.user_id,
        name: staff.name ?? null,
      });
    }),
    implement(markPaymentAsBlocked, ({ body, caller, requireStaffOf }) =>
      markPaymentBlocked(deps.db, caller, body.payment_id, requireStaffOf),
    ),
  ];
}
