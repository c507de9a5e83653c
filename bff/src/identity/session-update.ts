import type { RequestHandler } from 'express';
import { sessionUpdateSchema } from '@cuota/contracts/identity/auth-api';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { BffContext } from '../bff-context';
import { parseBody } from '../http/input';
import { runMiddleware } from '../http/run-middleware';
import { requireCsrf } from '../security/csrf';
import { refreshGuardian } from '../session/refresh-guardian';
import { saveSession } from '../session/session-lifecycle';
import { sessionResponse } from '../session/session-response';
import { requireSignedIn } from '../session/signed-in';

/**
 * POST /api/auth/session (Auth.js `update(data)`): selects one of the user's schools and
 * re-reads a guardian from enrolment (their onboarding stage may have moved on). The
 * session is checked before the CSRF token, so an expired one says so (401 SESSION_EXPIRED).
 */
export function sessionUpdateHandler(ctx: BffContext): RequestHandler {
  return async (req, res) => {
    const state = requireSignedIn(req);
    await runMiddleware(requireCsrf, req, res);
    const { data } = parseBody(sessionUpdateSchema, req.body, []);
    const selected = data?.selected_school_id;
    if (selected !== undefined) {
      if (selected !== null && !state.user.schools.some((s) => s.id === selected))
        throw new HttpError(403, 'FORBIDDEN', 'No tienes acceso a esa escuela.');
      req.session.selected_school_id = selected;
    }
    await refreshGuardian(req, res, ctx, true);
    if (req.session) await saveSession(req);
    res.json(sessionResponse(req, ctx.config));
  };
}
