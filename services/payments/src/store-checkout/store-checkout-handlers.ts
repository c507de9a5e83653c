import {
  storeCardForm,
  storeCheckout,
  storeCheckoutStatus as storeCheckoutStatusEndpoint,
} from '@cuota/contracts/payments/endpoints/store-checkout';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { implement, REPLAYED_HEADER } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDeps } from '../payments-deps';
import { startStoreCheckout, storeCheckoutStatus } from './start-store-checkout';

export function storeCheckoutHandlers(deps: PaymentsDeps) {
  return [
    implement(storeCheckout, async (call) => {
      const { answer, replayed } = await startStoreCheckout(
        deps,
        call.caller,
        call.params.id,
        call.body,
        call.idempotencyKey!,
      );
      if (replayed) call.res.setHeader(REPLAYED_HEADER, 'true');
      if (answer.status === 'failed')
        throw new HttpError(402, 'PAYMENT_DECLINED', answer.error?.message ?? 'Pago rechazado.');
      return answer;
    }),
    implement(storeCheckoutStatusEndpoint, ({ params }) =>
      storeCheckoutStatus(deps, params.id, params.payment),
    ),
    implement(storeCardForm, ({ params }) => deps.gateways.cardFormOf(params.id)),
  ];
}
