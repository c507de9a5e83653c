import { createBrowserRouter, type RouteObject } from 'react-router';
import { RemoteRoute } from '../features/remotes/components/remote-route';
import { GuardianGuard } from '../features/session/components/guardian-guard';
import { RootLayout } from './root-layout';
import { CookiesErrorPage } from './routes/cookies-error-page';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';

/** Spec §2 routes. Each remote renders its own routes under its prefix. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: '/guardians/:guardianHash/*',
        element: (
          <GuardianGuard>
            <RemoteRoute name="mfe_portal" />
          </GuardianGuard>
        ),
      },
      { path: '/dashboard/*', element: <RemoteRoute name="mfe_dashboard" /> },
      { path: '/store/*', element: <RemoteRoute name="mfe_store" /> },
      { path: '/cookies-error', element: <CookiesErrorPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
