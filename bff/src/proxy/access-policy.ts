import type { Request } from 'express';
import type { PersonClaims } from '../session/session-data';
import { requireKind, requireSignedIn, signedInState } from '../session/signed-in';
import type { ApiRoute } from './route-table';
import { requireRouteGrant } from './staff-route-access';

/**
 * Who may call a proxied row, checked before anything is forwarded (the service checks
 * again, with finer rules):
 * - webhook: anyone (the gateway); no session, no CSRF; the service verifies signatures.
 * - store: anyone (the store can be embedded and browsed signed out); a signed-in caller's
 *   identity still travels.
 * - portal: any signed-in user.
 * - dashboard, bookkeeper, internal: staff whose membership grants the row's permission
 *   (route-permissions.ts, docs/permissions.md).
 * Returns the identity to sign into the token, or undefined for an anonymous call.
 */
export function authorizeProxyCall(req: Request, route: ApiRoute): PersonClaims | undefined {
  switch (route.surface) {
    case 'webhook':
      return undefined;
    case 'store':
      return signedInState(req)?.identity;
    case 'portal':
      return requireSignedIn(req).identity;
    default: {
      const { identity } = requireKind(req, 'staff');
      requireRouteGrant(req, route, identity);
      return identity;
    }
  }
}

/** Every proxied mutation needs the CSRF header, except a gateway's webhook. */
export function needsCsrf(req: Request, route: ApiRoute): boolean {
  return route.surface !== 'webhook' && !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
}
