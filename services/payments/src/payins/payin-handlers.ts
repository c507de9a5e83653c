import {
  getPayin,
  listDashboardPayins,
  listPayins,
  listPayinsV1,
  payinReceipt,
  recordDeskPayment as recordDeskPaymentEndpoint,
} from '@cuota/contracts/payments/endpoints/payins';
import { conflict, forbidden } from '@cuota/service-runtime/http/http-error';
import { answerKeyed, implement, type Call } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { PaymentsDeps } from '../payments-deps';
import { schoolById } from '../schools/school-repository';
import { studentNames } from '@cuota/student-directory/student-directory-repository';
import { payinViews } from './payin-views';
import { recordDeskPayment } from './record-desk-payment';
import { renderReceiptPdf } from './receipt-pdf';

export function payinHandlers(deps: PaymentsDeps) {
  const { db } = deps;
  const payins = payinViews(db);
  const list = async ({ params, query, caller }: Call<typeof listPayins>) =>
    Reply.json(await payins.listJson(params.id, caller, query));

  return [
    implement(listPayins, list),
    implement(listPayinsV1, list),
    implement(listDashboardPayins, list),
    implement(getPayin, async ({ params, caller }) =>
      Reply.json(await payins.oneJson(params.school, params.payin, caller)),
    ),

    implement(recordDeskPaymentEndpoint, async ({ params, body, caller, idempotencyKey, res }) => {
      if (caller.kind !== 'staff') throw forbidden();
      const paid = await recordDeskPayment(deps, params.id, body, idempotencyKey!, {
        userId: caller.user_id,
        name: caller.name ?? null,
      });
      return answerKeyed(res, paid);
    }),

    implement(payinReceipt, async ({ params, caller }) => {
      const payin = await payins.one(params.school, params.payin, caller);
      if (payin.status !== 'success')
        throw conflict('Este cobro aún no está pagado, así que no tiene recibo.');
      const school = await schoolById(db, payin.school_id);
      const students = await studentNames(db, [
        ...new Set([...payin.student_ids, ...payin.allocations.map((a) => a.student_id)]),
      ]);
      const pdf = await renderReceiptPdf({
        payin,
        schoolName: school?.name ?? 'Escuela',
        students,
      });
      return Reply.file({
        data: pdf,
        contentType: 'application/pdf',
        filename: `recibo-${payin.receipt_number ?? payin.id}.pdf`,
      });
    }),
  ];
}
