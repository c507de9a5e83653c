import { refundCard, voidPayin } from '@cuota/contracts/payments/endpoints/corrections';
import { grants } from '@cuota/contracts/access/permissions';
import type { StaffClaims } from '@cuota/contracts/identity/identity-claims';
import { answerKeyed, implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDeps } from '../payments-deps';
import { refundCardPayin } from './refund-card-payin';
import { refundToCredit } from './refund-to-credit';
import { voidDeskPayin, type Corrector } from './void-desk-payin';

/** Corrections of money received (ADR 0036). */
export function correctionHandlers(deps: PaymentsDeps) {
  return [
    implement(voidPayin, ({ params, body, requireStaffOf }) =>
      voidDeskPayin(
        deps,
        params.id,
        params.payin,
        body,
        corrector(requireStaffOf(params.id), params.id),
      ),
    ),
    implement(refundCard, async ({ params, body, idempotencyKey, requireStaffOf, res }) =>
      answerKeyed(
        res,
        await (
          body.to === 'credit' || body.to === 'bank_account' ? refundToCredit : refundCardPayin
        )(deps, params.id, body, idempotencyKey!, corrector(requireStaffOf(params.id), params.id)),
      ),
    ),
  ];
}

function corrector(staff: StaffClaims, schoolId: string): Corrector {
  const membership = staff.memberships.find((m) => m.school_id === schoolId)!;
  return {
    userId: staff.user_id,
    name: staff.name ?? null,
    mayRefund: grants(membership, 'payments.refund'),
  };
}
