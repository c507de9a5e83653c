import type { Request, RequestHandler, Response } from 'express';
import { redeemInvitationSchema } from '@cuota/contracts/enrolment/staff-users';
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';
import type { BffContext } from '../bff-context';
import { parseBody } from '../http/input';
import { startSession } from '../session/start-session';
import { sessionResponse } from '../session/session-response';
import { staffState } from './signed-in-states';

/** A one-time link from an e-mail, and how enrolment spends it. */
export interface EmailedLink {
  kind: 'invitation' | 'password-reset';
  token: string;
  redeem: () => Promise<StaffIdentity>;
}

/**
 * A one-time link (invitation or password reset) signs its user in: counted per link and
 * client like a password (a wrong token from here stops only this client), then a new
 * session id, and the session as the answer. Returns who signed in.
 */
export async function signInWithLink(
  ctx: BffContext,
  req: Request,
  res: Response,
  link: EmailedLink,
): Promise<StaffIdentity> {
  const staff = await ctx.signInFailures.attempt(
    req,
    `${link.kind}:${link.token.slice(0, 24)}`,
    link.redeem,
  );
  await startSession(req, staffState(staff));
  ctx.deps.logger.info({ userId: staff.id }, `staff ${link.kind} link used`);
  res.json(sessionResponse(req, ctx.config));
  return staff;
}

/**
 * POST /api/auth/invitation: the invited member's name and password (the dashboard's
 * /dashboard/invitacion/{token}). Enrolment checks the token (hash, expiry, single use) and
 * sets the password; the BFF then signs them in. Mounted behind the CSRF check and the
 * sign-in rate limits (auth-routes.ts).
 */
export function redeemInvitationHandler(ctx: BffContext): RequestHandler {
  return async (req, res) => {
    const input = parseBody(redeemInvitationSchema, req.body);
    await signInWithLink(ctx, req, res, {
      kind: 'invitation',
      token: input.token,
      redeem: () => ctx.directory.redeemInvitation(input),
    });
  };
}
