import {
  confirmTransfer as confirmTransferEndpoint,
  deleteTransferReport as deleteTransferReportEndpoint,
  listTransferReports,
  proofOfPayment,
  rejectTransfer as rejectTransferEndpoint,
  reportTransfer as reportTransferEndpoint,
  uploadProofOfPayment,
} from '@cuota/contracts/payments/endpoints/transfer-reports';
import type { StaffClaims } from '@cuota/contracts/identity/identity-claims';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { answerKeyed, implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import {
  studentIdsOfGuardian,
  studentNames,
} from '@cuota/student-directory/student-directory-repository';
import type { PaymentsDeps } from '../payments-deps';
import { familyScope } from '../payins/payin-access';
import { confirmTransfer, deleteTransferReport, rejectTransfer } from './decide-transfer';
import { reportTransfer } from './report-transfer';
import { readProof, uploadedProof } from './transfer-proof-upload';
import { reportFor, reportView, UNKNOWN_REPORT } from './transfer-report-access';
import { reportedTransfers } from './transfer-report-repository';
import { keepProof, proofFile } from './transfer-proofs';
import { toTransferReport } from './transfer-report-view';

const staffMember = (staff: StaffClaims) => ({ userId: staff.user_id, name: staff.name ?? null });

/** Transfers a family reports and staff confirm or reject (ADR 0036). */
export function transferHandlers(deps: PaymentsDeps) {
  const { db } = deps;
  return [
    implement(reportTransferEndpoint, async ({ params, body, idempotencyKey, caller, res }) =>
      answerKeyed(
        res,
        await reportTransfer(
          deps,
          { schoolId: params.school, payinId: params.payin },
          body,
          idempotencyKey!,
          caller,
        ),
      ),
    ),

    implement(
      uploadProofOfPayment,
      async ({ params, caller, res }) => {
        const found = await reportFor(db, params.school, params.payin, caller);
        if (found.payin.status !== 'pending')
          throw conflict(
            'La escuela ya revisó esta transferencia; ya no se cambia su comprobante.',
          );
        await keepProof(db, deps.proofs, params.payin, uploadedProof(res));
        return reportView(db, params.payin);
      },
      { before: [readProof] },
    ),

    implement(deleteTransferReportEndpoint, async ({ params, caller }) => {
      await deleteTransferReport(deps, params.school, params.payin, caller);
      return Reply.noContent();
    }),

    implement(listTransferReports, async ({ params, query, caller }) => {
      const guardianId = familyScope(caller, params.id);
      const studentIds = guardianId
        ? await studentIdsOfGuardian(db, params.id, guardianId)
        : undefined;
      const rows = await reportedTransfers(db, {
        schoolId: params.id,
        studentIds,
        status: query.status,
      });
      const names = await studentNames(db, [...new Set(rows.map((r) => r.report.studentId))]);
      return { results: rows.map((r) => toTransferReport(r, names)) };
    }),

    implement(proofOfPayment, async ({ params, caller }) => {
      await reportFor(db, params.school, params.payin, caller);
      const proof = await proofFile(db, deps.proofs, params.payin);
      if (!proof) throw notFound('Esta transferencia aún no tiene comprobante.');
      return Reply.file(proof);
    }),

    implement(confirmTransferEndpoint, ({ params, caller, requireStaffOf }) =>
      confirmTransfer(
        deps,
        params.id,
        params.payin,
        caller,
        staffMember(requireStaffOf(params.id, UNKNOWN_REPORT)),
      ),
    ),

    implement(rejectTransferEndpoint, ({ params, body, caller, requireStaffOf }) =>
      rejectTransfer(
        deps,
        params.id,
        params.payin,
        body,
        caller,
        staffMember(requireStaffOf(params.id, UNKNOWN_REPORT)),
      ),
    ),
  ];
}
