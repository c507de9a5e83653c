import {
  cardFormSettings,
  checkout,
  checkoutNotification,
  paymentStatus,
  subscriptionNotification,
} from '@cuota/contracts/payments/endpoints/checkout';
import { forbidden, HttpError } from '@cuota/service-runtime/http/http-error';
import { implement, REPLAYED_HEADER } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDeps } from '../payments-deps';
import { assertMayRead, familyScope } from '../payins/payin-access';
import { payinById } from '../payins/payin-repository';
import { paymentStatusOf } from './payment-status';
import { cardRefusalOf } from '../risk/credit-profile';
import { receiveNotification, type Delivery } from './receive-notification';
import { receiveSubscriptionCharge } from './receive-subscription-charge';
import { startCheckout } from './start-checkout';

export function checkoutHandlers(deps: PaymentsDeps) {
  return [
    implement(checkout, async (call) => {
      if (call.caller.kind !== 'guardian') throw forbidden();
      familyScope(call.caller, call.body.school_id); // another school's family: 404
      const answer = await startCheckout(
        deps,
        call.caller.guardian_id,
        call.body,
        call.idempotencyKey!,
      );
      if (answer.replayed) call.res.setHeader(REPLAYED_HEADER, 'true');
      if (answer.status === 402)
        throw new HttpError(402, 'PAYMENT_DECLINED', answer.payment.error!.message);
      return answer.payment;
    }),

    implement(paymentStatus, async (call) => {
      const payin = await assertMayRead(
        deps.db,
        call.caller,
        await payinById(deps.db, call.params.id),
        call.requireStaffOf,
        paymentStatus.notFound,
      );
      return paymentStatusOf(deps.db, payin.id);
    }),

    implement(cardFormSettings, async ({ params, caller }) => {
      // Another school's family: 404 (staff: by the definition).
      const guardianId = familyScope(caller, params.id);
      const refusal = guardianId && (await cardRefusalOf(deps.db, params.id, guardianId));
      if (refusal) return { kind: 'refused' as const, message: refusal };
      return deps.gateways.cardFormOf(params.id);
    }),

    implement(checkoutNotification, async (call) => {
      await receiveNotification(deps, deliveryOf(call));
      return { received: true as const };
    }),

    implement(subscriptionNotification, async (call) => {
      await receiveSubscriptionCharge(deps, deliveryOf(call));
      return { received: true as const };
    }),
  ];
}

/** A webhook's raw body and headers, for the signature check. */
const deliveryOf = (call: {
  rawBody?: Buffer;
  req: { get: (name: string) => string | undefined };
}): Delivery => ({ rawBody: call.rawBody!, header: (name) => call.req.get(name) });
