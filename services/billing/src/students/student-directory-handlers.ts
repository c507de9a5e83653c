import { studentDirectory } from '@cuota/contracts/billing/endpoints/billing-endpoints';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import { studentsOfSchool } from '@cuota/student-directory/student-directory-repository';

export function studentDirectoryHandlers(db: BillingDb) {
  return [
    implement(studentDirectory, async (call) => {
      const { schoolId } = call.params;
      if (call.caller.kind === 'staff') call.requireStaffOf(schoolId);
      const rows = await studentsOfSchool(db, schoolId);
      return {
        count: rows.length,
        students: rows.map((r) => ({
          student_id: r.studentId,
          school_id: r.schoolId,
          first_name: r.firstName,
          last_name: r.lastName,
          level: r.level,
          section_id: r.sectionId,
          status: r.status,
          billing_guardian_id: r.billingGuardianId,
          guardian_ids: r.guardianIds,
          updated_at: r.updatedAt.toISOString(),
        })),
      };
    }),
  ];
}
