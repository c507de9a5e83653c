import type { Request } from 'express';
import { grants } from '@cuota/contracts/enrolment/permissions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import type { ApiRoute } from './route-table';
import { routeGrant } from './route-permissions';

type StaffClaims = Extract<IdentityClaims, { kind: 'staff' }>;

/**
 * The school a staff row is about: the `{id}` after `/schools/` in its path, else the
 * `school_id` query parameter. Bodies stream to the service unread, so a school named only
 * in the body is left to the service.
 */
export function schoolOfCall(req: Request, route: Pick<ApiRoute, 'path'>): string | undefined {
  const pattern = route.path.split('/');
  const actual = req.path.split('/');
  const at = pattern.findIndex((part, i) => part === '{id}' && pattern[i - 1] === 'schools');
  if (at > 0) return decodeURIComponent(actual[at]!);
  const query = new URL(req.originalUrl, 'http://bff.invalid').searchParams.get('school_id');
  return query ?? undefined;
}

/**
 * docs/permissions.md, enforced before anything is forwarded: the caller's membership in the
 * row's school must grant the row's permission (403 in Spanish). When the school is not
 * known here, some membership must grant it and the service checks the exact school.
 * A school the caller is no member of is a 404, as the services answer (nothing leaks).
 */
export function requireRouteGrant(req: Request, route: ApiRoute, identity: StaffClaims): void {
  const grant = routeGrant(route);
  // A staff row nobody classified is refused rather than let through unchecked.
  if (!grant) throw forbidden('Esta acción no está disponible para tu rol.');
  const schoolId = schoolOfCall(req, route);
  const memberships = schoolId
    ? identity.memberships.filter((m) => m.school_id === schoolId)
    : identity.memberships;
  if (schoolId && memberships.length === 0) throw notFound();
  if (grant === 'member') return;
  if (!memberships.some((m) => grants(m, grant)))
    throw forbidden('Tu rol no tiene permiso para realizar esta acción en esta escuela.');
}
