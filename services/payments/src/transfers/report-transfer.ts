import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { ReportTransfer, TransferReport } from '@cuota/contracts/payments/transfer-reports';
import type { Keyed } from '@cuota/service-runtime/http/endpoint-handlers';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import { studentIdsOfGuardian } from '@cuota/student-directory/student-directory-repository';
import { allocationWatermark } from '../allocation/allocation-repository';
import { dueOfFamily, familyAtDesk } from '../desk/desk-family';
import { notOpenRefusal, overLimitRefusal } from '../desk/desk-refusals';
import { overLimit } from '../desk/desk-rules';
import type { PaymentsDeps } from '../payments-deps';
import { familyScope } from '../payins/payin-access';
import { insertReportedTransfer, payinById, payinByKey } from '../payins/payin-repository';
import { deskLimitOf } from '../schools/school-repository';
import { insertTransferReport } from './transfer-report-repository';
import { reportView } from './transfer-report-access';

const UNKNOWN_STUDENT = 'No encontramos a este alumno en tu familia.';
const ID_TAKEN = 'Este identificador ya se usó; vuelve a reportar el pago.';

/**
 * A family says it paid these orders by SPEI (ADR 0036): a pending TRANSFER_IN payin under
 * the portal's id and the Idempotency-Key (a retry answers the first report; the same id
 * with another request is the 422), its report, and payments.payin.initiated (billing shows
 * the orders waiting). The orders must be the family's open ones; the amount at most the
 * school's desk limit. No money moves until staff confirm it.
 */
export async function reportTransfer(
  deps: PaymentsDeps,
  ids: { schoolId: string; payinId: string },
  body: ReportTransfer,
  idempotencyKey: string,
  caller: IdentityClaims,
): Promise<Keyed<TransferReport>> {
  const guardianId = familyScope(caller, ids.schoolId)!;
  const hash = requestHash({ ...ids, guardian_id: guardianId, ...body });
  const { db } = deps;
  const { row, replayed } = await onceOnRow({
    hash,
    find: async () => {
      const byKey = await payinByKey(db, ids.schoolId, idempotencyKey);
      if (byKey) return byKey;
      const byId = await payinById(db, ids.payinId);
      // Another school's payin: its id is not this family's to use (and says nothing of it).
      if (byId && byId.schoolId !== ids.schoolId) throw conflict(ID_TAKEN);
      return byId;
    },
    create: () => reported(deps, ids, body, { guardianId, idempotencyKey, requestHash: hash }),
  });
  return { answer: await reportView(db, row.id), replayed };
}

async function reported(
  deps: PaymentsDeps,
  ids: { schoolId: string; payinId: string },
  body: ReportTransfer,
  key: { guardianId: string; idempotencyKey: string; requestHash: string },
) {
  const { db } = deps;
  const mine = await studentIdsOfGuardian(db, ids.schoolId, key.guardianId);
  if (!mine.includes(body.student_id)) throw notFound(UNKNOWN_STUDENT);
  const limit = await deskLimitOf(db, ids.schoolId);
  if (overLimit(body.amount_centavos, limit)) throw overLimitRefusal(limit);
  const family = await familyAtDesk(db, ids.schoolId, body.student_id);
  const due = await dueOfFamily(
    db,
    deps.billing,
    ids.schoolId,
    family.memberIds,
    await allocationWatermark(db),
  );
  const open = new Set(due.map((o) => o.orderId));
  if (body.order_ids.some((id) => !open.has(id))) throw notOpenRefusal();
  return db.transaction(async (tx) => {
    const payin = await insertReportedTransfer(tx, {
      id: ids.payinId,
      schoolId: ids.schoolId,
      amountCentavos: body.amount_centavos,
      guardianId: key.guardianId,
      studentIds: [body.student_id],
      idempotencyKey: key.idempotencyKey,
      requestHash: key.requestHash,
      orderIds: body.order_ids,
    });
    await insertTransferReport(tx, {
      payinId: payin.id,
      schoolId: ids.schoolId,
      studentId: body.student_id,
      orderIds: [...new Set(body.order_ids)],
      paidOn: body.paid_on,
      reference: body.reference ?? null,
    });
    return payin;
  });
}
