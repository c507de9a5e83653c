import { FAMILY_READ_PATHS as PATHS } from '@cuota/contracts/http/family-read-paths';
import { fillPath } from '@cuota/contracts/http/route-path';

/** A portal page, by its path under /guardians/{hash} ('' is home). */
interface PortalPage {
  /**
   * What it reads first in the school being worked on, as the URLs its queries request.
   * From the paths contracts write once, not from the endpoint definitions, so the shell's
   * first chunk stays free of their schemas; the portal's tests check each page requests
   * exactly these.
   */
  reads: string[];
  /** The page's own code, exposed by the portal as `mfe_portal/<module>` (its webpack config). */
  module?: string;
}

const PORTAL_PAGES: Record<string, PortalPage> = {
  '': {
    reads: [PATHS.fulfillments, PATHS.credit],
    module: 'page/home',
  },
  payments: {
    reads: [PATHS.fulfillments, PATHS.cardForm],
    module: 'page/payments',
  },
  'payments/history': {
    // The credit shows only above payments, once they are known: not read ahead.
    reads: [`${PATHS.payins}?page=1&page_size=10`, PATHS.transferReports],
    module: 'page/payments-history',
  },
  subscriptions: {
    reads: [PATHS.subscriptions, PATHS.subscribableConcepts, PATHS.cardSubscriptions],
    module: 'page/subscriptions',
  },
};

const GUARDIAN_PAGE = /^\/guardians\/([^/]+)\/?(.*?)\/*$/;

/** The guardian and the page a portal URL's path names; null outside the portal. */
export function portalPageAt(pathname: string): { guardianHash: string; subpath: string } | null {
  const match = GUARDIAN_PAGE.exec(pathname);
  return match ? { guardianHash: match[1]!, subpath: match[2]! } : null;
}

/** The URLs the portal page at `subpath` reads first in `schoolId`. */
export function portalPageReads(subpath: string, schoolId: string): string[] {
  return (PORTAL_PAGES[subpath]?.reads ?? []).map((url) => fillPath(url, { id: schoolId }));
}

/** The exposed module of the portal page at `subpath`, if it has code of its own. */
export function portalPageModule(subpath: string): string | undefined {
  return PORTAL_PAGES[subpath]?.module;
}

/** Every page module, for the portal's build to expose. */
export const PORTAL_PAGE_MODULES = Object.values(PORTAL_PAGES).flatMap((p) =>
  p.module ? [p.module] : [],
);
