import { schoolSignup } from '@cuota/contracts/enrolment/endpoints/admissions';
import { listSchoolLevels } from '@cuota/contracts/enrolment/endpoints/levels';
import type { SchoolSignup } from '@cuota/contracts/enrolment/signup';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/**
 * What a signed-out family needs from the school: its levels, and a way to sign up — on the
 * sign-up page, and as a guest's lead at the store's checkout (ADR 0083).
 */
export const signupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    schoolLevels: build.query({
      ...fromEndpoint(listSchoolLevels, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
    signUpFamily: build.mutation({
      ...fromEndpoint(
        schoolSignup,
        ({ schoolId, body }: { schoolId: string; body: SchoolSignup }) => ({
          params: { id: schoolId },
          body,
        }),
      ),
    }),
  }),
});

export const { useSchoolLevelsQuery, useSignUpFamilyMutation } = signupApi;
