import type { signOut } from '@cuota/contracts/identity/endpoints';
import type { BffConfig } from '../config/bff-config';
import type { BffHandler } from '../http/bff-endpoints';
import { callbackUrlOf } from '../security/callback-url';
import { destroySession } from '../session/session-lifecycle';
import { answerAuth } from './auth-failure';

/** POST /api/auth/signout: the session leaves Redis, the cookie is cleared, `{ url }`. */
export function signOutHandler(config: BffConfig): BffHandler<typeof signOut> {
  return async ({ req, res }) => {
    const url = callbackUrlOf(req, config.siteOrigins, '/') ?? `${config.publicUrl}/`;
    await destroySession(req, res);
    answerAuth(req, res, 200, { url });
  };
}
