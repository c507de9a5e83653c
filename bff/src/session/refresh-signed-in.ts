import type { Request, Response } from 'express';
import type { BffContext } from '../bff-context';
import { guardianState, staffState } from '../identity/signed-in-states';
import type { PersonClaims, SignedInState } from './session-data';
import { writableSession } from './lean-session-read';
import { destroySession } from './session-lifecycle';

type Kind = PersonClaims['kind'];

/**
 * How stale each kind of session copy may be: a guardian's onboarding stage, risk and
 * schools change while they are signed in; a staff member's memberships and permissions
 * reach their next call within a minute, at one users/me call per minute of activity
 * (ADR 0007).
 */
export const REFRESH_AFTER_MS: Record<Kind, number> = { guardian: 30_000, staff: 60_000 };

/** The signed-in person as enrolment holds them now; null when they are gone. */
const rereads: Record<
  Kind,
  (state: SignedInState, ctx: BffContext) => Promise<SignedInState | null>
> = {
  guardian: async (state, { directory }) => {
    const guardian = await directory.guardianByHash(state.user.guardian_hash ?? '');
    return guardian && guardianState(guardian);
  },
  staff: async (state, { directory }) => {
    const staff = await directory.currentStaff(state.identity);
    return staff && staffState(staff);
  },
};

export interface RefreshOptions {
  /** Re-read now, however fresh the copy is. */
  force?: boolean;
  /** Only sessions of these kinds (default: both). */
  kinds?: readonly Kind[];
}

/**
 * Re-reads the signed-in person from enrolment when the session's copy is older than their
 * kind allows (or when forced): someone who no longer exists is signed out, and a selected
 * school they lost is unselected; enrolment being down keeps the copy the session has (the
 * services check again anyway).
 */
export async function refreshSignedIn(
  req: Request,
  res: Response,
  ctx: BffContext,
  { force = false, kinds = ['guardian', 'staff'] }: RefreshOptions = {},
): Promise<void> {
  const state = req.session?.auth;
  const kind = state?.identity.kind;
  if (!state || !kind || !kinds.includes(kind)) return;
  if (!force && Date.now() - state.refreshed_at < REFRESH_AFTER_MS[kind]) return;
  let fresh;
  try {
    fresh = await rereads[kind](state, ctx);
  } catch (err) {
    ctx.deps.logger.warn({ err }, `${kind} refresh failed; keeping the session copy`);
    return;
  }
  if (!fresh) return destroySession(req, res);
  await writableSession(req, res);
  // Ended while enrolment was asked (the session is read again for the write): stays ended.
  if (!req.session.auth) return;
  req.session.auth = { ...fresh, signed_in_at: state.signed_in_at };
  const selected = req.session.selected_school_id;
  if (selected && !fresh.user.schools.some((s) => s.id === selected))
    req.session.selected_school_id = null;
}
