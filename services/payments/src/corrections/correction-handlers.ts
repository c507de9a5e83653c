import { voidPayin } from '@cuota/contracts/payments/endpoints/corrections';
import { grants } from '@cuota/contracts/access/permissions';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDeps } from '../payments-deps';
import { voidDeskPayin } from './void-desk-payin';

/** Corrections of money received (ADR 0036). */
export function correctionHandlers(deps: PaymentsDeps) {
  return [
    implement(voidPayin, ({ params, body, requireStaffOf }) => {
      const staff = requireStaffOf(params.id);
      const membership = staff.memberships.find((m) => m.school_id === params.id)!;
      return voidDeskPayin(deps, params.id, params.payin, body, {
        userId: staff.user_id,
        name: staff.name ?? null,
        mayRefund: grants(membership, 'payments.refund'),
      });
    }),
  ];
}
