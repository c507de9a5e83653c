import type { updateSession } from '@cuota/contracts/identity/endpoints';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { BffContext } from '../bff-context';
import type { BffHandler } from '../http/bff-endpoints';
import { refreshSignedIn } from '../session/refresh-signed-in';
import { saveSession } from '../session/session-lifecycle';
import { sessionResponse } from '../session/session-response';
import { requireSignedIn } from '../session/signed-in';

/**
 * POST /api/auth/session (Auth.js `update(data)`): selects one of the user's schools and
 * re-reads a guardian from enrolment (their onboarding stage may have moved on). Access is
 * decided before the CSRF token is checked, so an expired session says so (401 SESSION_EXPIRED).
 */
export function sessionUpdateHandler(ctx: BffContext): BffHandler<typeof updateSession> {
  return async ({ req, res, body }) => {
    const state = requireSignedIn(req);
    const selected = body.data?.selected_school_id;
    if (selected !== undefined) {
      if (selected !== null && !state.user.schools.some((s) => s.id === selected))
        throw new HttpError(403, 'FORBIDDEN', 'No tienes acceso a esa escuela.');
      req.session.selected_school_id = selected;
    }
    await refreshSignedIn(req, res, ctx, { force: true, kinds: ['guardian'] });
    if (req.session) await saveSession(req);
    return sessionResponse(req, ctx.config);
  };
}
