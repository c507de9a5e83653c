import type { Request } from 'express';
import type { SessionResponse } from '@cuota/contracts/identity/auth-api';
import type { BffConfig } from '../config/bff-config';
import { signedInState } from './signed-in';

/** GET /api/auth/session's body: the signed-in session, or null. */
export function sessionResponse(req: Request, config: BffConfig): SessionResponse | null {
  const state = signedInState(req);
  if (!state) return null;
  return {
    user: state.user,
    expires: new Date(Date.now() + config.sessionIdleTimeoutMs).toISOString(),
    selected_school_id: req.session.selected_school_id ?? null,
  };
}
