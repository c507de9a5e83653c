import type { Request, Response } from 'express';
import type { BffContext } from '../bff-context';
import { guardianState } from '../identity/signed-in-states';
import { destroySession } from './session-lifecycle';

/** A guardian's onboarding stage, risk and schools change while they are signed in. */
const REFRESH_AFTER_MS = 30_000;

/**
 * Re-reads a signed-in guardian from enrolment when their copy is older than 30 s (or when
 * forced): a guardian who no longer exists is signed out; enrolment being down keeps the
 * copy the session has.
 */
export async function refreshGuardian(
  req: Request,
  res: Response,
  ctx: BffContext,
  force = false,
): Promise<void> {
  const state = req.session?.auth;
  if (!state || state.user.kind !== 'guardian' || !state.user.guardian_hash) return;
  if (!force && Date.now() - state.refreshed_at < REFRESH_AFTER_MS) return;
  let guardian;
  try {
    guardian = await ctx.directory.guardianByHash(state.user.guardian_hash);
  } catch (err) {
    ctx.deps.logger.warn({ err }, 'guardian refresh failed; keeping the session copy');
    return;
  }
  if (!guardian) return destroySession(req, res);
  req.session.auth = { ...guardianState(guardian), signed_in_at: state.signed_in_at };
  const selected = req.session.selected_school_id;
  if (selected && !guardian.schools.some((s) => s.id === selected))
    req.session.selected_school_id = null;
}
