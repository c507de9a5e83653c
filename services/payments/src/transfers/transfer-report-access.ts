import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { TransferReport } from '@cuota/contracts/payments/transfer-reports';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import {
  studentIdsOfGuardian,
  studentNames,
} from '@cuota/student-directory/student-directory-repository';
import { reportedTransfer, type ReportedTransfer } from './transfer-report-repository';
import { toTransferReport } from './transfer-report-view';

export const UNKNOWN_REPORT = 'No encontramos este pago reportado.';

/**
 * A report by its payin id, shown only to its school (staff, whose grant the definition
 * checked there) and to the family of its student; anyone else gets 404.
 */
export async function reportFor(
  db: Executor,
  schoolId: string,
  payinId: string,
  caller: IdentityClaims,
): Promise<ReportedTransfer> {
  const found = await reportedTransfer(db, payinId);
  if (!found || found.report.schoolId !== schoolId) throw notFound(UNKNOWN_REPORT);
  if (caller.kind === 'guardian') {
    const mine = caller.school_ids.includes(schoolId)
      ? await studentIdsOfGuardian(db, schoolId, caller.guardian_id)
      : [];
    if (!mine.includes(found.report.studentId)) throw notFound(UNKNOWN_REPORT);
  }
  return found;
}

/** The report as answered, with its student's name. */
export async function reportView(db: Executor, payinId: string): Promise<TransferReport> {
  const found = (await reportedTransfer(db, payinId))!;
  return toTransferReport(found, await studentNames(db, [found.report.studentId]));
}
