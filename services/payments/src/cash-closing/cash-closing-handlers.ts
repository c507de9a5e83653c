import { cashClosing, cashClosingPdf } from '@cuota/contracts/payments/endpoints/cash-closing';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { PaymentsDeps } from '../payments-deps';
import { schoolById } from '../schools/school-repository';
import { cashClosingOf } from './cash-closing';
import { renderCashClosingPdf } from './cash-closing-pdf';

/** The corte de caja, as data for the screen and as a PDF (ADR 0036). */
export function cashClosingHandlers(deps: PaymentsDeps) {
  return [
    implement(cashClosing, ({ params, query, requireStaffOf }) =>
      cashClosingOf(deps, params.id, query, requireStaffOf(params.id)),
    ),
    implement(cashClosingPdf, async ({ params, query, requireStaffOf }) => {
      const data = await cashClosingOf(deps, params.id, query, requireStaffOf(params.id));
      const school = await schoolById(deps.db, params.id);
      return Reply.file({
        data: await renderCashClosingPdf(data, school?.name ?? 'Escuela'),
        contentType: 'application/pdf',
        filename: `corte-de-caja-${query.date}.pdf`,
      });
    }),
  ];
}
