import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { RejectTransfer, TransferReport } from '@cuota/contracts/payments/transfer-reports';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { allocationWatermark, lockStudents } from '../allocation/allocation-repository';
import { dueOfFamily, familyAtDesk, owedOfFamily } from '../desk/desk-family';
import { planDeskPayment, NOT_OPEN } from '../desk/desk-rules';
import type { PaymentsDeps } from '../payments-deps';
import {
  cancelReportedTransfer,
  markPayinFailed,
  payinById,
  setRecordedBy,
} from '../payins/payin-repository';
import { settleDeskPlan } from '../payins/settle-desk-plan';
import type { Cashier } from '../payins/record-desk-payment';
import { reportFor, reportView } from './transfer-report-access';
import { decideTransferReport, type ReportedTransfer } from './transfer-report-repository';

const ALREADY_DECIDED = {
  success: 'Esta transferencia ya se confirmó.',
  failed: 'Esta transferencia ya se rechazó.',
  canceled: 'La familia eliminó esta transferencia.',
} as const;
const decided = (status: string) =>
  conflict(ALREADY_DECIDED[status as keyof typeof ALREADY_DECIDED] ?? ALREADY_DECIDED.canceled);

/**
 * Staff say the reported transfer arrived (ADR 0036): under the payin's lock and the family's
 * locks it pays like a desk payment by transfer — what refunds left owed first, then the
 * reported orders still open, oldest due first; the rest is the student's credit (the money
 * is in the bank) — with the school's next folio and the confirming staff member's name.
 * A second confirmation answers the first; a rejected or deleted report is 409.
 */
export async function confirmTransfer(
  deps: PaymentsDeps,
  schoolId: string,
  payinId: string,
  caller: IdentityClaims,
  by: Cashier,
): Promise<TransferReport> {
  const found = await reportFor(deps.db, schoolId, payinId, caller);
  const family = await familyAtDesk(deps.db, schoolId, found.report.studentId);
  await deps.db.transaction(async (tx) => {
    const payin = (await payinById(tx, payinId, { lock: true }))!;
    if (payin.status === 'success') return;
    if (payin.status !== 'pending') throw decided(payin.status);
    await lockStudents(tx, family.memberIds);
    const watermark = await allocationWatermark(tx);
    const due = await dueOfFamily(tx, deps.billing, schoolId, family.memberIds, watermark);
    const open = new Set(due.map((o) => o.orderId));
    const plan = planDeskPayment(due, {
      studentId: found.report.studentId,
      amountCentavos: payin.amountCentavos,
      // Orders paid meanwhile are left out: their share of the money becomes credit.
      orderIds: found.report.orderIds.filter((id) => open.has(id)),
      owed: await owedOfFamily(tx, schoolId, family.memberIds),
    });
    if (plan === NOT_OPEN) throw new Error('open orders were filtered');
    const paidAt = deps.now();
    await setRecordedBy(tx, payinId, by);
    await decideTransferReport(tx, payinId, {
      by: by.userId,
      name: by.name,
      at: paidAt,
      reason: null,
    });
    await settleDeskPlan(tx, payin, plan, {
      studentId: found.report.studentId,
      paidAt,
      description: `Transferencia reportada por la familia ${payinId}`,
    });
  });
  return reportView(deps.db, payinId);
}

/**
 * Staff say the reported transfer never arrived, with the reason the family will read: the
 * payin fails (billing clears the orders' waiting mark); no money moved. The same rejection
 * again answers the first.
 */
export async function rejectTransfer(
  deps: PaymentsDeps,
  schoolId: string,
  payinId: string,
  body: RejectTransfer,
  caller: IdentityClaims,
  by: Cashier,
): Promise<TransferReport> {
  const found = await reportFor(deps.db, schoolId, payinId, caller);
  await deps.db.transaction(async (tx) => {
    const payin = (await payinById(tx, payinId, { lock: true }))!;
    if (payin.status === 'failed' && found.report.rejectionReason === body.reason) return;
    if (payin.status !== 'pending') throw decided(payin.status);
    await decideTransferReport(tx, payinId, {
      by: by.userId,
      name: by.name,
      at: deps.now(),
      reason: body.reason,
    });
    await markPayinFailed(
      tx,
      payin,
      { code: 'TRANSFER_REJECTED', message: body.reason },
      found.report.orderIds,
    );
  });
  return reportView(deps.db, payinId);
}

/**
 * The family takes back a report the school has not reviewed: its payin is canceled (kept,
 * as every payin is) and billing clears the waiting mark. Deleting it again changes nothing.
 */
export async function deleteTransferReport(
  deps: PaymentsDeps,
  schoolId: string,
  payinId: string,
  caller: IdentityClaims,
): Promise<void> {
  const found: ReportedTransfer = await reportFor(deps.db, schoolId, payinId, caller);
  await deps.db.transaction(async (tx) => {
    const payin = (await payinById(tx, payinId, { lock: true }))!;
    if (payin.status === 'canceled') return;
    if (payin.status !== 'pending')
      throw conflict('La escuela ya revisó esta transferencia; ya no se puede eliminar.');
    await cancelReportedTransfer(tx, payin, found.report.orderIds);
  });
}
