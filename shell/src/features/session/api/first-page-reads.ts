import { sessionSchema, type SessionUser } from '@cuota/contracts/identity/session';
import { todayInMexicoCity } from '@cuota/ui/dates';
import { readEarly } from '@cuota/web-core/api/early-reads';
import { keepOrFirst } from '@cuota/web-core/global-state/school-selection';
import { readGlobalState } from '@cuota/web-core/global-state/global-state-storage';
import { inicioReads, isInicio } from '@cuota/contracts/http/inicio-reads';
import { portalPageAt, portalPageReads } from '@cuota/web-core/routing/portal-pages';
import { decideGuardianAccess } from '../utils/guardian-access';

/**
 * Starts the first reads of the page the browser opened (a portal page, or the staff's Inicio),
 * with the session the page was served with: they travel while the remote's code loads
 * instead of after it has rendered (issue 20: Pagos waited ~400 ms for its chunks before
 * asking; issue 16: Inicio likewise). Only a page the guard will show reads anything; the
 * school is the one it will work on (the stored choice, else the first); a page that ends up
 * asking for something else just does not take these.
 */
export function startFirstPageReads(served: unknown, pathname: string): void {
  const session = sessionSchema.safeParse(served);
  if (!session.success) return;
  const { user } = session.data;
  const schoolId = keepOrFirst(
    user.schools.map((s) => s.id),
    readGlobalState().selectedSchool,
  );
  if (schoolId) for (const url of firstReads(user, schoolId, pathname)) readEarly(url);
}

function firstReads(user: SessionUser, schoolId: string, pathname: string): string[] {
  if (isInicio(pathname)) {
    const member = user.memberships.find((m) => m.school_id === schoolId);
    return user.kind === 'staff' && member
      ? inicioReads(schoolId, member, todayInMexicoCity())
      : [];
  }
  const page = portalPageAt(pathname);
  if (!page) return [];
  const access = decideGuardianAccess({ status: 'authenticated', user, ...page });
  return access.kind === 'allow' ? portalPageReads(page.subpath, schoolId) : [];
}
