import type { RequestHandler } from 'express';
import { redeemInvitationSchema } from '@cuota/contracts/enrolment/staff-users';
import type { BffContext } from '../bff-context';
import { parseBody } from '../http/input';
import { runMiddleware } from '../http/run-middleware';
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
    // Per link as per account at sign-in: guessing tokens from many IPs gains nothing either.
    res.locals.signInAccount = `invitation:${input.token.slice(0, 24)}`;
    await runMiddleware(ctx.limiters.signInPerAccount, req, res);
    const staff = await ctx.directory.redeemInvitation(input);
    await startSession(req, staffState(staff));
    ctx.deps.logger.info({ userId: staff.id }, 'staff invitation redeemed');
    res.json(sessionResponse(req, ctx.config));
  };
}
