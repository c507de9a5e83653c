import type { Request } from 'express';
import { decideAccess } from '@cuota/contracts/access/access';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { schoolOfCall } from '@cuota/contracts/http/school-of-call';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { isBearerCall } from '../session/bearer-session';
import type { PersonClaims } from '../session/session-data';
import { signInRequiredError, signedInState } from '../session/signed-in';

export const NO_GRANT_MESSAGE =
  'Tu rol no tiene permiso para realizar esta acción en esta escuela.';
const WRONG_KIND_MESSAGE = 'Tu cuenta no tiene acceso a esta sección.';

/**
 * Who may call an endpoint, decided on its definition with the rule the services apply
 * (decideAccess): before a proxied call is forwarded (the service checks again) and before
 * the BFF's own handlers run. The school comes from the path or the query: proxied bodies
 * stream to the service unread, so a school named only in the body is checked by the
 * service. Returns the signed-in identity, or undefined for an anonymous call.
 */
export function authorizeCall(
  req: Request,
  endpoint: AnyEndpoint,
  params: Record<string, string>,
): PersonClaims | undefined {
  const identity = signedInState(req)?.identity;
  if (endpoint.access.webhook) return undefined;
  const decision = decideAccess(
    endpoint.access,
    identity,
    schoolOfCall(endpoint, { params, query: req.query }),
  );
  if (decision.ok) return identity;
  if (decision.status === 401) throw signInRequiredError(req);
  if (decision.status === 404) throw notFound();
  throw forbidden(decision.reason === 'grant' ? NO_GRANT_MESSAGE : WRONG_KIND_MESSAGE);
}

/** Every proxied mutation needs the CSRF header, except a gateway's webhook. */
export function needsCsrf(req: Request, endpoint: AnyEndpoint): boolean {
  // A bearer token is never sent by a browser on its own: no cross-site forgery (ADR 0038).
  if (req.res && isBearerCall(req.res)) return false;
  return !endpoint.access.webhook && !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
}
