import type { Request, Response } from 'express';
import type { BffContext } from '../bff-context';
import { staffState } from '../identity/signed-in-states';
import { destroySession } from './session-lifecycle';

/**
 * How stale a staff member's memberships and permissions may be (ADR 0007): a role or
 * permission change reaches their next call within a minute, at one users/me call per
 * minute of activity.
 */
export const STAFF_REFRESH_AFTER_MS = 60_000;

/**
 * Re-reads a signed-in staff user from enrolment when the session's copy is older than a
 * minute (or when forced): a user who no longer exists is signed out; enrolment being down
 * keeps the copy (the services check again anyway).
 */
export async function refreshStaff(
  req: Request,
  res: Response,
  ctx: BffContext,
  force = false,
): Promise<void> {
  const state = req.session?.auth;
  if (!state || state.identity.kind !== 'staff') return;
  if (!force && Date.now() - state.refreshed_at < STAFF_REFRESH_AFTER_MS) return;
  let staff;
  try {
    staff = await ctx.directory.currentStaff(state.identity);
  } catch (err) {
    ctx.deps.logger.warn({ err }, 'staff refresh failed; keeping the session copy');
    return;
  }
  if (!staff) return destroySession(req, res);
  req.session.auth = { ...staffState(staff), signed_in_at: state.signed_in_at };
  const selected = req.session.selected_school_id;
  if (selected && !staff.memberships.some((m) => m.school_id === selected))
    req.session.selected_school_id = null;
}
