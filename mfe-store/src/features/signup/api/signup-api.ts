import { levelOptionsSchema, type LevelOption } from '@cuota/contracts/enrolment/levels';
import {
  schoolSignupResultSchema,
  type SchoolSignup,
  type SchoolSignupResult,
} from '@cuota/contracts/enrolment/signup';
import { baseApi } from '@cuota/web-core/api/base-api';

const school = (id: string) => `/v1/schools/${encodeURIComponent(id)}`;

/** What a signed-out family needs from the school: its levels, and a way to sign up. */
export const signupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    schoolLevels: build.query<LevelOption[], string>({
      query: (schoolId) => `${school(schoolId)}/levels/`,
      responseSchema: levelOptionsSchema,
    }),
    signUpFamily: build.mutation<SchoolSignupResult, { schoolId: string; body: SchoolSignup }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/signup/`, method: 'POST', body }),
      responseSchema: schoolSignupResultSchema,
    }),
  }),
});

export const { useSchoolLevelsQuery, useSignUpFamilyMutation } = signupApi;
