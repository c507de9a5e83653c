import type { TransferReport } from '@cuota/contracts/payments/transfer-reports';
import type { ReportedTransfer } from './transfer-report-repository';

/** A report as the family and staff see it (ADR 0036); its status is its payin's. */
export function toTransferReport(
  { report, payin, proof }: ReportedTransfer,
  names: Map<string, string>,
): TransferReport {
  return {
    payin_id: payin.id,
    school_id: payin.schoolId,
    status: payin.status as TransferReport['status'],
    guardian_id: payin.guardianId,
    student_id: report.studentId,
    student_name: names.get(report.studentId) ?? report.studentId,
    order_ids: report.orderIds,
    amount_centavos: payin.amountCentavos,
    paid_on: report.paidOn,
    reference: report.reference,
    proof: proof
      ? {
          content_type: proof.contentType as NonNullable<TransferReport['proof']>['content_type'],
          file_name: proof.fileName,
          size_bytes: proof.sizeBytes,
          uploaded_at: proof.uploadedAt.toISOString(),
        }
      : null,
    reported_at: payin.createdAt.toISOString(),
    decided_by_name: report.decidedByName,
    decided_at: report.decidedAt?.toISOString() ?? null,
    rejection_reason: report.rejectionReason,
    receipt_number: payin.receiptNumber,
  };
}
