import type { Request, RequestHandler } from 'express';
import {
  PASSWORD_RESET_REQUESTED,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '@cuota/contracts/enrolment/staff-users';
import type { BffContext } from '../bff-context';
import { parseBody } from '../http/input';
import { endStaffSessions } from './end-staff-sessions';
import { signInWithLink } from './invitation-routes';

/**
 * Counts a reset mail for this address; false once the window's quota is spent. Unknown
 * addresses are counted too, so the quota tells nobody who has an account.
 */
async function mailQuotaLeft(ctx: BffContext, email: string): Promise<boolean> {
  const rule = ctx.config.rateLimits.passwordResetMailsPerEmail;
  const key = `${ctx.config.redisPrefix}password-reset-mails:${email}`;
  const [count] = await ctx.deps.redis.multi().incr(key).pExpire(key, rule.windowMs, 'NX').exec();
  return Number(count) <= rule.limit;
}

/**
 * POST /api/auth/password-reset («¿Olvidaste tu contraseña?»): the same answer whether or
 * not the e-mail is a staff user's, and whether or not a mail went out. Limited per IP
 * (a 429) and per address (silently: the links already sent keep working, so a stranger
 * asking again and again cannot lock the owner out).
 */
export function requestPasswordResetHandler(ctx: BffContext): RequestHandler {
  return async (req, res) => {
    const { email } = parseBody(requestPasswordResetSchema, req.body);
    if (await mailQuotaLeft(ctx, email)) await ctx.directory.requestPasswordReset(email);
    else ctx.deps.logger.warn('password reset not sent: quota for this address spent');
    res.json({ message: PASSWORD_RESET_REQUESTED });
  };
}

/**
 * POST /api/auth/password-reset/confirm: the new password with the link's token. Enrolment
 * spends the link and sets the password; every session of the user ends (whoever had the old
 * password is out), then this browser is signed in with a new one.
 */
export function resetPasswordHandler(ctx: BffContext): RequestHandler {
  return async (req: Request, res) => {
    const input = parseBody(resetPasswordSchema, req.body);
    await signInWithLink(ctx, req, res, {
      kind: 'password-reset',
      token: input.token,
      redeem: async () => {
        const staff = await ctx.directory.resetPassword(input);
        const ended = await endStaffSessions(ctx, staff.id);
        ctx.deps.logger.info({ userId: staff.id, ended }, 'sessions ended after a password reset');
        return staff;
      },
    });
  };
}
