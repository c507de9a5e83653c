import {
  getPayin,
  listDashboardPayins,
  listPayins,
  listPayinsV1,
  payinReceipt,
  recordDeskPayment as recordDeskPaymentEndpoint,
} from '@cuota/contracts/payments/endpoints/payins';
import type { Payin } from '@cuota/contracts/payments/payins';
import { conflict, forbidden } from '@cuota/service-runtime/http/http-error';
import { implement, type Call } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { PaymentsDeps } from '../payments-deps';
import { schoolById } from '../schools/school-repository';
import { studentNames } from '@cuota/student-directory/student-directory-repository';
import { assertInScope, familyOf, familyScope } from './payin-access';
import {
  allocationsOfPayins,
  itemsOfPayins,
  listPayins as listPayinRows,
  payinById,
  type PayinRow,
} from './payin-repository';
import { appliedOrPlanned, toPayin } from './payin-view';
import { recordDeskPayment } from './record-desk-payment';
import { renderReceiptPdf } from './receipt-pdf';

export function payinHandlers(deps: PaymentsDeps) {
  const { db } = deps;

  const views = async (rows: PayinRow[]): Promise<Payin[]> => {
    // A paid payin shows its allocations, any other its planned items (appliedOrPlanned).
    const ids = (paid: boolean) =>
      rows.filter((r) => (r.status === 'success') === paid).map((r) => r.id);
    const [allocated, planned] = await Promise.all([
      allocationsOfPayins(db, ids(true)),
      itemsOfPayins(db, ids(false)),
    ]);
    return rows.map((r) => toPayin(r, appliedOrPlanned(r, allocated.get(r.id), planned.get(r.id))));
  };

  /** The caller's family in the school (a guardian), or undefined (staff see every family). */
  const familyIn = async (caller: Call<typeof listPayins>['caller'], schoolId: string) => {
    const guardianId = familyScope(caller, schoolId);
    return guardianId === undefined ? undefined : familyOf(db, schoolId, guardianId);
  };

  const list = async ({ params, query, caller }: Call<typeof listPayins>) => {
    const { count, rows } = await listPayinRows(db, {
      schoolId: params.id,
      family: await familyIn(caller, params.id),
      type: query.type,
      status: query.status,
      studentId: query.student_id,
      from: query.from,
      to: query.to,
      page: query.page,
      pageSize: query.page_size,
    });
    return { count, page: query.page, page_size: query.page_size, results: await views(rows) };
  };

  const one = async ({ params, caller }: Pick<Call<typeof getPayin>, 'params' | 'caller'>) => {
    const family = await familyIn(caller, params.school);
    const payin = await payinById(db, params.payin);
    assertInScope(payin, params.school, family);
    return (await views([payin]))[0]!;
  };

  return [
    implement(listPayins, list),
    implement(listPayinsV1, list),
    implement(listDashboardPayins, list),
    implement(getPayin, one),

    implement(recordDeskPaymentEndpoint, ({ params, body, caller, idempotencyKey }) => {
      if (caller.kind !== 'staff') throw forbidden();
      return recordDeskPayment(deps, params.id, body, idempotencyKey!, {
        userId: caller.user_id,
        name: caller.name ?? null,
      });
    }),

    implement(payinReceipt, async (call) => {
      const payin = await one(call);
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
