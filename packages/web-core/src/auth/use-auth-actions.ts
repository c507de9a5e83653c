import { useMemo } from 'react';
import { baseApi } from '@cuota/web-core/api/base-api';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { announceSessionChange } from '@cuota/web-core/auth/session-broadcast';
import { signOut } from '@cuota/web-core/auth/sign-out';
import { useAppDispatch } from '@cuota/web-core/hooks';
import { refreshSession } from '@cuota/web-core/session/refresh-session';

/**
 * Sign-in and sign-out as the pages use them: after either, the session changed on the
 * BFF (new id, new CSRF token), so the cached token and data go, this tab refetches the
 * session and the other tabs are told.
 */
export function useAuthActions() {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const afterChange = async () => {
      forgetCsrfToken();
      dispatch(baseApi.util.resetApiState());
      announceSessionChange();
      await dispatch(refreshSession());
    };
    return {
      signIn: async (provider: string, fields: Record<string, string>) => {
        // Loaded when used: its response schema (zod) stays off every signed-in first screen.
        const { signIn, signedIn } = await import('@cuota/web-core/auth/sign-in');
        const result = await signIn(provider, fields);
        if (signedIn(result)) await afterChange();
        return result;
      },
      signOut: async () => {
        await signOut();
        await afterChange();
      },
      /** After a sign-in made some other way (e.g. redeeming a staff invitation). */
      sessionChanged: afterChange,
      /**
       * After the signed-in person's own record changed (a registration step): the BFF re-reads
       * them from enrolment (POST /api/auth/session) and this tab takes the new session.
       */
      reread: async () => {
        // Loaded when used, like sign-in: the endpoint's schemas stay off the first screens.
        const { askToReread } = await import('@cuota/web-core/auth/reread-session');
        await askToReread();
        await dispatch(refreshSession());
      },
    };
  }, [dispatch]);
}
