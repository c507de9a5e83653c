import {
  createAdmissionGuardian as createEndpoint,
  deleteAdmissionGuardian as deleteEndpoint,
  linkAdmissionGuardian,
  readAdmissionGuardian,
  updateAdmissionGuardian,
} from '@cuota/contracts/enrolment/endpoints/admissions';
import { UNKNOWN_GUARDIAN } from '@cuota/contracts/enrolment/endpoints/guardians';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import type { Caller } from '../caller';
import type { EnrolmentContext } from '../enrolment-db';
import { authorizeGuardian } from '../guardians/guardian-access';
import { leadOfSchool } from './admission-access';
import { admissionGuardian } from './admission-repository';
import { createAdmissionGuardian } from './create-admission-guardian';
import { deleteAdmissionGuardian } from './delete-admission-guardian';
import { linkGuardianToLead } from './link-guardian-to-lead';
import { updateGuardianContact } from './update-guardian-contact';

/** Guardians in admissions: created with (or for) a lead, linked, corrected, removed. */
export function admissionGuardianHandlers({ db }: EnrolmentContext) {
  const answer = async (guardianId: string, schoolId: string) => {
    const guardian = await admissionGuardian(db, guardianId, schoolId);
    if (!guardian) throw notFound(UNKNOWN_GUARDIAN);
    return guardian;
  };

  /** The school of the caller's through which the guardian is reached (staff only). */
  async function schoolOf(call: Caller, endpoint: AnyEndpoint, guardianId: string) {
    const actor = await authorizeGuardian(db, call, endpoint, guardianId);
    if (actor.kind !== 'staff') throw forbidden();
    return actor.schoolId;
  }

  return [
    implement(createEndpoint, async (call) => {
      const { body } = call;
      const lead = body.student_id
        ? await leadOfSchool(db, call, body.student_id, body.school_id)
        : null;
      return call.once(async (tx) => {
        const id = await createAdmissionGuardian(tx, body, lead);
        return (await admissionGuardian(tx, id, body.school_id))!;
      });
    }),

    implement(readAdmissionGuardian, async (call) =>
      answer(call.params.id, await schoolOf(call, readAdmissionGuardian, call.params.id)),
    ),

    implement(linkAdmissionGuardian, async (call) => {
      const schoolId = await schoolOf(call, linkAdmissionGuardian, call.params.id);
      const lead = await leadOfSchool(db, call, call.body.student_id, schoolId);
      await db.transaction((tx) =>
        linkGuardianToLead(tx, call.params.id, lead, call.body.relationship),
      );
      return answer(call.params.id, schoolId);
    }),

    implement(updateAdmissionGuardian, async (call) => {
      const schoolId = await schoolOf(call, updateAdmissionGuardian, call.params.id);
      await db.transaction((tx) => updateGuardianContact(tx, call.params.id, call.body));
      return answer(call.params.id, schoolId);
    }),

    implement(deleteEndpoint, async (call) => {
      const schoolId = await schoolOf(call, deleteEndpoint, call.params.id);
      const { student_id } = call.query;
      const lead = student_id ? await leadOfSchool(db, call, student_id, schoolId) : null;
      await db.transaction((tx) => deleteAdmissionGuardian(tx, call.params.id, lead?.id ?? null));
    }),
  ];
}
