import { schoolSignup } from '@cuota/contracts/enrolment/endpoints/admissions';
import { SIGNUP_RECEIVED_MESSAGE } from '@cuota/contracts/enrolment/signup';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { EnrolmentContext } from '../enrolment-db';
import { requirePublicSchool } from '../schools/school-access';
import { signUpFamily } from './school-signup';

/** The store's sign-up form: anyone may write while the school is public (BFF rate-limits). */
export function signupHandlers({ db }: EnrolmentContext) {
  return [
    implement(schoolSignup, async ({ params, body, once }) => {
      await requirePublicSchool(db, params.id);
      return once(async (tx) => ({
        message: SIGNUP_RECEIVED_MESSAGE,
        registered: await signUpFamily(tx, params.id, body),
      }));
    }),
  ];
}
