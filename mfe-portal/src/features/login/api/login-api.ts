import {
  guardianLoginInfoSchema,
  sendCodeResultSchema,
  type GuardianLoginInfo,
  type SendCodeResult,
} from '@cuota/contracts/identity/guardian-login';
import { baseApi } from '@cuota/web-core/api/base-api';

const hashPath = (guardianHash: string) => encodeURIComponent(guardianHash);

export const loginApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Whose link this is (first name, masked e-mail); 404 for an unknown link. */
    guardianLoginInfo: build.query<GuardianLoginInfo, string>({
      query: (guardianHash) => `/v1/guardians/login/${hashPath(guardianHash)}/`,
      responseSchema: guardianLoginInfoSchema,
    }),
    /** E-mails a 6-digit sign-in code to the guardian. */
    sendLoginCode: build.mutation<SendCodeResult, string>({
      query: (guardianHash) => ({
        url: '/v1/guardians/login/send_code/',
        method: 'POST',
        body: { guardian_hash: guardianHash },
      }),
      responseSchema: sendCodeResultSchema,
    }),
  }),
});

export const { useGuardianLoginInfoQuery, useSendLoginCodeMutation } = loginApi;
