import { deskFamily, deskPreview } from '@cuota/contracts/payments/endpoints/desk';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDeps } from '../payments-deps';
import { previewDeskPayment } from './preview-desk-payment';
import { viewDeskFamily } from './view-desk-family';

/** The desk's reads (ADR 0036); the payment itself is payins' record-desk-payment. */
export function deskHandlers(deps: PaymentsDeps) {
  return [
    implement(deskFamily, ({ params }) => viewDeskFamily(deps, params.id, params.student)),
    implement(deskPreview, ({ params, body }) =>
      previewDeskPayment(deps, params.id, params.student, body),
    ),
  ];
}
