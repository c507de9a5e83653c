import {
  grantScholarship as grantScholarshipEndpoint,
  listSchoolScholarships,
  listStudentScholarships,
} from '@cuota/contracts/billing/endpoints/scholarships';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import { studentOfCaller } from '../students/student-access';
import { grantScholarship } from './grant-scholarship';
import { scholarshipsOfSchool, scholarshipsOfStudent } from './scholarship-repository';

export function scholarshipHandlers(db: BillingDb) {
  return [
    implement(listSchoolScholarships, ({ params }) => scholarshipsOfSchool(db, params.id)),
    implement(listStudentScholarships, async (call) => {
      await studentOfCaller(db, call, call.params.id);
      return scholarshipsOfStudent(db, call.params.id);
    }),
    implement(grantScholarshipEndpoint, ({ params, body, caller, once }) =>
      once((tx) =>
        grantScholarship(tx, params.id, body, caller.kind === 'staff' ? caller.user_id : null),
      ),
    ),
  ];
}
