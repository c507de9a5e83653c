import { matchPath, useRoutes, type RouteObject } from 'react-router';
import type { RemoteName } from '@cuota/contracts/shell/remotes';
import { RemoteRoute } from '../features/remotes/components/remote-route';
import { GuardianGuard } from '../features/session/components/guardian-guard';
import { RootLayout } from './root-layout';
import { CookiesErrorPage } from './routes/cookies-error-page';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';

/** Where each remote is mounted; it renders its own routes under that prefix. */
const REMOTE_PATHS: Record<RemoteName, string> = {
  mfe_portal: '/guardians/:guardianHash/*',
  mfe_dashboard: '/dashboard/*',
  mfe_store: '/store/*',
};

/** The remote whose route `pathname` opens, if any. */
export const remoteAt = (pathname: string): RemoteName | undefined =>
  (Object.keys(REMOTE_PATHS) as RemoteName[]).find((name) =>
    matchPath(REMOTE_PATHS[name], pathname),
  );

/** Spec §2 routes. Each remote renders its own routes under its prefix. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: REMOTE_PATHS.mfe_portal,
        element: (
          <GuardianGuard>
            <RemoteRoute name="mfe_portal" />
          </GuardianGuard>
        ),
      },
      { path: REMOTE_PATHS.mfe_dashboard, element: <RemoteRoute name="mfe_dashboard" /> },
      { path: REMOTE_PATHS.mfe_store, element: <RemoteRoute name="mfe_store" /> },
      { path: '/cookies-error', element: <CookiesErrorPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The shell's routes, rendered inside <BrowserRouter>. Nothing uses react-router's data APIs
 * (loaders, actions, fetchers, blockers), and leaving out its data router keeps ~15 KB gz
 * off every first screen (ADR 0025).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
