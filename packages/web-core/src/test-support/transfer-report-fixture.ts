import type { TransferReport } from '@cuota/contracts/payments/transfer-reports';

/** A family's pending SPEI report with its PDF proof, as the portal and Pagos read it. */
export const transferReport = (over: Partial<TransferReport> = {}): TransferReport => ({
  payin_id: 'p-1',
  school_id: 'school-1',
  status: 'pending',
  guardian_id: 'guardian-1',
  student_id: 'student-1',
  student_name: 'Sofía López',
  order_ids: ['o-1'],
  amount_centavos: 250_000,
  paid_on: '2026-09-05',
  reference: null,
  proof: {
    content_type: 'application/pdf',
    file_name: 'spei.pdf',
    size_bytes: 1200,
    uploaded_at: '2026-09-05T18:00:00Z',
  },
  reported_at: '2026-09-05T18:00:00Z',
  decided_by_name: null,
  decided_at: null,
  rejection_reason: null,
  receipt_number: null,
  ...over,
});
