import { getPaymentsTodo } from '@cuota/contracts/payments/endpoints/payments-todo';
import { grants } from '@cuota/contracts/access/permissions';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { scheduledPayoutCount } from '../payouts/payout-repository';
import type { PaymentsDeps } from '../payments-deps';
import { pendingTransferCount } from '../transfers/transfer-report-repository';

/**
 * Inicio's «Pendientes» from payments. Approving a payout sends money out (ADR 0043): only a
 * member holding payouts.read and payments.refund learns how many wait.
 */
export function paymentsTodoHandlers({ db }: Pick<PaymentsDeps, 'db'>) {
  return [
    implement(getPaymentsTodo, async ({ params, requireStaffOf }) => {
      const staff = requireStaffOf(params.id);
      const membership = staff.memberships.find((m) => m.school_id === params.id)!;
      const approves = grants(membership, 'payouts.read') && grants(membership, 'payments.refund');
      const [reported, scheduled] = await Promise.all([
        pendingTransferCount(db, params.id),
        approves ? scheduledPayoutCount(db, params.id) : null,
      ]);
      return { reported_transfers: reported, scheduled_payouts: scheduled };
    }),
  ];
}
