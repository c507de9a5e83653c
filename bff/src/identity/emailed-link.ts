import type { Request } from 'express';
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';
import type { BffContext } from '../bff-context';
import { startSession } from '../session/start-session';
import { staffState } from './signed-in-states';

/** A one-time link from an e-mail (invitation or password reset), and how enrolment spends it. */
export interface EmailedLink {
  kind: 'invitation' | 'password-reset';
  token: string;
  redeem: () => Promise<StaffIdentity>;
}

/**
 * A one-time link signs its user in: counted per link and client like a password (a wrong
 * token from here stops only this client), then a new session id.
 */
export async function signInWithLink(
  ctx: BffContext,
  req: Request,
  link: EmailedLink,
): Promise<void> {
  const staff = await ctx.signInFailures.attempt(
    req,
    `${link.kind}:${link.token.slice(0, 24)}`,
    link.redeem,
  );
  await startSession(req, staffState(staff));
  ctx.deps.logger.info({ userId: staff.id }, `staff ${link.kind} link used`);
}
