import { PASSWORD_RESET_REQUESTED } from '@cuota/contracts/enrolment/staff-users';
import {
  redeemInvitation,
  requestStaffPasswordReset,
  resetStaffPassword,
  staffPasswordSignIn,
} from '@cuota/contracts/identity/endpoints';
import type { BffContext } from '../bff-context';
import { implement } from '../http/bff-endpoints';
import { sessionResponse } from '../session/session-response';
import { signInWithLink } from './emailed-link';
import { requestPasswordReset, resetPassword } from './password-reset';
import { signInStaff, staffAccount } from './sign-in';

/**
 * Staff sign-in outside Auth.js's form: e-mail and password, an invitation's link (the
 * dashboard's /dashboard/invitacion/{token}, ADR 0013) and a password reset (ADR 0022).
 * Each answers the new session.
 */
export function staffHandlers(ctx: BffContext) {
  const { limiters } = ctx;
  const signInLimit = { before: [limiters.signInPerIp] };
  return [
    // The spec sends it without credentials, so it takes no CSRF token; it is JSON only.
    implement(
      staffPasswordSignIn,
      async ({ req, body }) => {
        await ctx.signInFailures.attempt(req, staffAccount(body.email), () =>
          signInStaff(req, ctx, body),
        );
        return sessionResponse(req, ctx.config);
      },
      { ...signInLimit, csrf: false },
    ),
    implement(
      redeemInvitation,
      async ({ req, body }) => {
        const redeem = () => ctx.directory.redeemInvitation(body);
        await signInWithLink(ctx, req, { kind: 'invitation', token: body.token, redeem });
        return sessionResponse(req, ctx.config);
      },
      signInLimit,
    ),
    // The same answer whether or not the e-mail is a staff user's, and whether a mail went out.
    implement(
      requestStaffPasswordReset,
      async ({ body }) => {
        await requestPasswordReset(ctx, body.email);
        return { message: PASSWORD_RESET_REQUESTED };
      },
      { before: [limiters.passwordResetPerIp] },
    ),
    implement(
      resetStaffPassword,
      async ({ req, body }) => {
        const redeem = () => resetPassword(ctx, body);
        await signInWithLink(ctx, req, { kind: 'password-reset', token: body.token, redeem });
        return sessionResponse(req, ctx.config);
      },
      signInLimit,
    ),
  ];
}
