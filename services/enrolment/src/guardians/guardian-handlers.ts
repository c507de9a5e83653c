import {
  guardianByHash as guardianByHashEndpoint,
  guardiansByEmail as guardiansByEmailEndpoint,
  guardianMe as guardianMeEndpoint,
  guardianPortalUrl,
  listDashboardGuardians,
  listSchoolGuardians,
  readGuardian,
  replaceGuardian,
  republishGuardian,
  UNKNOWN_GUARDIAN,
  updateGuardian as updateGuardianEndpoint,
} from '@cuota/contracts/enrolment/endpoints/guardians';
import type { GuardianChanges } from '@cuota/contracts/enrolment/guardian-profile';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import type { Caller } from '../caller';
import type { EnrolmentContext } from '../enrolment-db';
import { authorizeGuardian } from './guardian-access';
import { guardianByHash, guardianMe, guardiansByEmail } from './guardian-directory';
import {
  guardianHashInSchool,
  guardianProfile,
  guardiansOfSchoolPage,
  publishGuardianUpdated,
} from './guardian-repository';
import { portalLink } from './guardian-rules';
import { ownEmailRefusal } from './onboarding-rules';
import { updateGuardian } from './update-guardian';

/** Guardians: the portal's own record, staff reads and edits, the dashboard's list. */
export function guardianHandlers({ db, config }: EnrolmentContext) {
  const profileOf = async (id: string) => {
    const guardian = await guardianProfile(db, id);
    if (!guardian) throw notFound(UNKNOWN_GUARDIAN);
    return guardian;
  };

  /** A guardian updates their own contact and billing data; staff need guardians.write. */
  async function edit(call: Caller, endpoint: AnyEndpoint, id: string, changes: GuardianChanges) {
    await authorizeGuardian(db, call, endpoint, id);
    const refusal = call.caller.kind === 'guardian' ? ownEmailRefusal(changes.email) : null;
    if (refusal) throw refusal;
    await db.transaction((tx) => updateGuardian(tx, id, changes));
    return profileOf(id);
  }

  return [
    implement(guardianByHashEndpoint, async ({ params }) => {
      const guardian = await guardianByHash(db, params.hash);
      if (!guardian) throw notFound(UNKNOWN_GUARDIAN);
      return guardian;
    }),

    implement(guardiansByEmailEndpoint, ({ body }) =>
      guardiansByEmail(db, body.school_id, body.email),
    ),

    implement(guardianMeEndpoint, async ({ caller }) => {
      if (caller.kind !== 'guardian') throw forbidden();
      const me = await guardianMe(db, caller.guardian_id);
      if (!me) throw notFound(UNKNOWN_GUARDIAN);
      return me;
    }),

    implement(readGuardian, async (call) => {
      await authorizeGuardian(db, call, readGuardian, call.params.id);
      return profileOf(call.params.id);
    }),

    implement(replaceGuardian, (call) => edit(call, replaceGuardian, call.params.id, call.body)),
    implement(updateGuardianEndpoint, (call) =>
      edit(call, updateGuardianEndpoint, call.params.id, call.body),
    ),

    implement(listSchoolGuardians, ({ params, query }) =>
      guardiansOfSchoolPage(db, params.id, query),
    ),

    implement(listDashboardGuardians, ({ query: { school_id, ...query } }) =>
      guardiansOfSchoolPage(db, school_id, query),
    ),

    implement(guardianPortalUrl, async ({ params }) => {
      const hash = await guardianHashInSchool(db, params.id, params.guardian);
      if (!hash) throw notFound(UNKNOWN_GUARDIAN);
      return portalLink(params.guardian, hash, config.publicUrl);
    }),

    /**
     * trigger-save-action: the guardian's current state published again as
     * enrolment.guardian.updated, so a domain that missed or mis-applied an event resyncs
     * (consumers keep the newest snapshot). 202: the event is on its way.
     */
    implement(republishGuardian, async (call) => {
      await authorizeGuardian(db, call, republishGuardian, call.params.id);
      await db.transaction((tx) => publishGuardianUpdated(tx, call.params.id));
      return { guardian_id: call.params.id, published: 'enrolment.guardian.updated' as const };
    }),
  ];
}
