import { z } from 'zod';
import { endpointKey } from '@cuota/contracts/http/endpoint';
import { getSession } from '@cuota/contracts/identity/shell-endpoints';
import { sessionSchema } from '@cuota/contracts/identity/session';
import { endpointUrl } from '@cuota/web-core/api/endpoint-request';
import type { AppThunk } from '@cuota/web-core/store';
import { reportClientError } from '@cuota/web-core/errors/report-client-error';
import { selectSessionStatus, sessionLoaded } from '@cuota/web-core/session/session-slice';

/** Signed out, the BFF answers `{}` (NextAuth v4); `null` is read the same way. */
const sessionResponseSchema = z.union([
  sessionSchema,
  z.strictObject({}).transform(() => null),
  z.null(),
]);

/** GET /api/auth/session: the request alone (the shell starts it before React has loaded). */
export const requestSession = (): Promise<Response> =>
  fetch(endpointUrl(getSession, { params: {} }), {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });

/**
 * Loads the session, from `answer` when the request was already made. A failed first load
 * counts as signed out (the page must leave `loading`); a failed refetch keeps what we had,
 * so a network blip does not sign anyone out.
 */
export const refreshSession =
  (answer?: Promise<Response>): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    try {
      const response = await (answer ?? requestSession());
      if (!response.ok) throw new Error(`${endpointKey(getSession)} answered ${response.status}`);
      dispatch(sessionLoaded(sessionResponseSchema.parse(await response.json())));
    } catch (error) {
      reportClientError('CLIENT_SESSION_ERROR', error);
      if (selectSessionStatus(getState()) === 'loading') dispatch(sessionLoaded(null));
    }
  };
