import type { Request } from 'express';
import type { SessionResponse } from '@cuota/contracts/identity/auth-api';
import type { BffConfig } from '../config/bff-config';
import { signedInState } from './signed-in';

/** Signed out, NextAuth v4 answers `{}`; its client reads anything else as a fetch error. */
export type SignedOutSession = Record<string, never>;

/** GET /api/auth/session's body: the signed-in session, or `{}`. */
export function sessionResponse(
  req: Request,
  config: BffConfig,
): SessionResponse | SignedOutSession {
  const state = signedInState(req);
  if (!state) return {};
  return {
    user: state.user,
    expires: new Date(Date.now() + config.sessionIdleTimeoutMs).toISOString(),
    selected_school_id: req.session.selected_school_id ?? null,
  };
}
