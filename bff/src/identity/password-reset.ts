import type { ResetPassword } from '@cuota/contracts/enrolment/staff-users';
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';
import type { BffContext } from '../bff-context';
import { endStaffSessions } from './end-staff-sessions';

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
 * «¿Olvidaste tu contraseña?»: enrolment mails a link if the address is a staff user's. Past
 * the address's quota nothing is sent, silently: the links already sent keep working, so a
 * stranger asking again and again cannot lock the owner out (the caller answers the same).
 */
export async function requestPasswordReset(ctx: BffContext, email: string): Promise<void> {
  if (await mailQuotaLeft(ctx, email)) await ctx.directory.requestPasswordReset(email);
  else ctx.deps.logger.warn('password reset not sent: quota for this address spent');
}

/**
 * Enrolment spends the link and sets the password; every session of the user ends (whoever
 * had the old password is out). Returns who it was, to sign this browser in.
 */
export async function resetPassword(ctx: BffContext, input: ResetPassword): Promise<StaffIdentity> {
  const staff = await ctx.directory.resetPassword(input);
  const ended = await endStaffSessions(ctx, staff.id);
  ctx.deps.logger.info({ userId: staff.id, ended }, 'sessions ended after a password reset');
  return staff;
}
