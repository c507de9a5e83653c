import {
  familyCredit as familyCreditEndpoint,
  moveCredit,
  refundCredit,
} from '@cuota/contracts/payments/endpoints/credit';
import type { StaffClaims } from '@cuota/contracts/identity/identity-claims';
import { answerKeyed, implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDeps } from '../payments-deps';
import { familyCredit } from './family-credit';
import { transferCredit } from './transfer-credit';

const requestedBy = (staff: StaffClaims, idempotencyKey: string) => ({
  idempotencyKey,
  requestedBy: staff.user_id,
  requestedByName: staff.name ?? null,
});

/** Credit balances: moved to a sibling, refunded, read by the family (ADR 0036). */
export function creditHandlers(deps: PaymentsDeps) {
  return [
    implement(moveCredit, async ({ params, body, idempotencyKey, requireStaffOf, res }) =>
      answerKeyed(
        res,
        await transferCredit(
          deps,
          {
            schoolId: params.id,
            kind: 'move',
            fromStudentId: params.student,
            toStudentId: body.to_student_id,
            method: null,
            amountCentavos: body.amount_centavos,
            reason: body.reason,
          },
          requestedBy(requireStaffOf(params.id), idempotencyKey!),
        ),
      ),
    ),
    implement(refundCredit, async ({ params, body, idempotencyKey, requireStaffOf, res }) =>
      answerKeyed(
        res,
        await transferCredit(
          deps,
          {
            schoolId: params.id,
            kind: 'refund',
            fromStudentId: params.student,
            toStudentId: null,
            method: body.method,
            amountCentavos: body.amount_centavos,
            reason: body.reason,
          },
          requestedBy(requireStaffOf(params.id), idempotencyKey!),
        ),
      ),
    ),
    implement(familyCreditEndpoint, ({ params, caller }) => familyCredit(deps, params.id, caller)),
  ];
}
