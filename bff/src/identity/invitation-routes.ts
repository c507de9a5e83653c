import type { RequestHandler } from 'express';
import { redeemInvitationSchema } from '@cuota/contracts/enrolment/staff-users';
import type { BffContext } from '../bff-context';
import { parseBody } from '../http/input';
import { startSession } from '../session/start-session';
import { sessionResponse } from '../session/session-response';
import { staffState } from './signed-in-states';

/**
 * POST /api/auth/invitation: the invited member's name and password (the dashboard's
 * /dashboard/invitacion/{token}). Enrolment checks the token (hash, expiry, single use) and
 * sets the password; the BFF then signs them in with a new session id and answers the
 * session. Mounted behind the CSRF check and the sign-in rate limits (auth-routes.ts).
 */
export function redeemInvitationHandler(ctx: BffContext): RequestHandler {
  return async (req, res) => {
    const input = parseBody(redeemInvitationSchema, req.body);
    // Per link and client, as a password: a wrong token from here stops only this client.
    const staff = await ctx.signInFailures.attempt(
      req,
      `invitation:${input.token.slice(0, 24)}`,
      () => ctx.directory.redeemInvitation(input),
    );
    await startSession(req, staffState(staff));
    ctx.deps.logger.info({ userId: staff.id }, 'staff invitation redeemed');
    res.json(sessionResponse(req, ctx.config));
  };
}
