import type { Request } from 'express';
import type { SignedInState } from './session-data';
import { regenerateSession, saveSession } from './session-lifecycle';

/**
 * Signs the browser in: a new session id (the old one, and anything planted in it, is
 * dropped), then the identity, saved before the answer leaves.
 */
export async function startSession(req: Request, state: SignedInState): Promise<void> {
  await regenerateSession(req);
  req.session.auth = state;
  req.session.selected_school_id = null;
  await saveSession(req);
}
