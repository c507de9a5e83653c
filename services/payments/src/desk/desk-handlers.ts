import {
  deskFamily,
  deskPreview,
  deskSettings,
  updateDeskSettings,
} from '@cuota/contracts/payments/endpoints/desk';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { PaymentsDeps } from '../payments-deps';
import { deskLimitOf, setDeskLimit } from '../schools/school-repository';
import { previewDeskPayment } from './preview-desk-payment';
import { viewDeskFamily } from './view-desk-family';

/** The desk's reads and its limit (ADR 0036); the payment itself is record-desk-payment. */
export function deskHandlers(deps: PaymentsDeps) {
  return [
    implement(deskFamily, ({ params }) => viewDeskFamily(deps, params.id, params.student)),
    implement(deskPreview, ({ params, body }) =>
      previewDeskPayment(deps, params.id, params.student, body),
    ),
    implement(deskSettings, async ({ params }) => ({
      desk_limit_centavos: await deskLimitOf(deps.db, params.id),
    })),
    implement(updateDeskSettings, async ({ params, body }) => {
      if (!(await setDeskLimit(deps.db, params.id, body.desk_limit_centavos)))
        throw notFound(updateDeskSettings.notFound);
      return body;
    }),
  ];
}
