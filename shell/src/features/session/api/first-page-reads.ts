import { sessionSchema } from '@cuota/contracts/identity/session';
import { readEarly } from '@cuota/web-core/api/early-reads';
import { keepOrFirst } from '@cuota/web-core/global-state/school-selection';
import { readGlobalState } from '@cuota/web-core/global-state/global-state-storage';
import { portalPageAt, portalPageReads } from '@cuota/web-core/routing/portal-pages';
import { decideGuardianAccess } from '../utils/guardian-access';

/**
 * Starts the first reads of the portal page the browser opened, with the session the page was
 * served with: they travel while the portal's code loads instead of after it has rendered
 * (issue 20: Pagos waited ~400 ms for its chunks before asking). Only a page the guard will
 * show reads anything; the school is the one it will work on (the stored choice, else the
 * first); a page that ends up asking for something else just does not take these.
 */
export function startFirstPageReads(served: unknown, pathname: string): void {
  const page = portalPageAt(pathname);
  const session = sessionSchema.safeParse(served);
  if (!page || !session.success) return;
  const { user } = session.data;
  const access = decideGuardianAccess({ status: 'authenticated', user, ...page });
  if (access.kind !== 'allow') return;
  const schoolId = keepOrFirst(
    user.schools.map((s) => s.id),
    readGlobalState().selectedSchool,
  );
  if (schoolId) for (const url of portalPageReads(page.subpath, schoolId)) readEarly(url);
}
