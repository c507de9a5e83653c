import { guardianLinkInfo, sendGuardianCode } from '@cuota/contracts/identity/endpoints';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

export const loginApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Whose link this is (first name, masked e-mail); 404 for an unknown link. */
    guardianLoginInfo: build.query({
      ...fromEndpoint(guardianLinkInfo, (guardianHash: string) => ({ params: { guardianHash } })),
    }),
    /** E-mails a 6-digit sign-in code to the guardian. */
    sendLoginCode: build.mutation({
      ...fromEndpoint(sendGuardianCode, (guardianHash: string) => ({
        params: {},
        body: { guardian_hash: guardianHash },
      })),
    }),
  }),
});

export const { useGuardianLoginInfoQuery, useSendLoginCodeMutation } = loginApi;
