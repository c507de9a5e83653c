import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { BuildLabel } from '@cuota/ui/build-label';
import { Spinner } from '@cuota/ui/spinner';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { DashboardLayout } from './dashboard-layout';
import { HomeRoute } from './routes/home-route';
import { sectionRoutes } from './section-routes';
import { StaffOnly } from './staff-only';

// Signed-out pages (and the components gallery) are chunks of their own: the signed-in first
// screen loads none of their forms, sign-in contracts or validation (ADR 0033).
const StaffLoginPage = lazy(() =>
  import('../features/auth/components/staff-login-page').then((m) => ({
    default: m.StaffLoginPage,
  })),
);
const InvitationPage = lazy(() =>
  import('../features/auth/components/invitation-page').then((m) => ({
    default: m.InvitationPage,
  })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const ComponentsPage = lazy(() =>
  import('../features/components-gallery/components/components-page').then((m) => ({
    default: m.ComponentsPage,
  })),
);

const loading = (page: ReactNode) => (
  <Suspense fallback={<Spinner label="Cargando la página…" />}>{page}</Suspense>
);

/** The staff dashboard, exposed as `mfe_dashboard/App`, mounted under /dashboard/*. */
export default function DashboardApp() {
  return (
    <>
      <Routes>
        <Route
          path="login"
          element={<StaffOnly signedIn={false}>{loading(<StaffLoginPage />)}</StaffOnly>}
        />
        {/* Signed out or in: the e-mailed link signs in as the invited member. */}
        <Route path="invitacion/:token" element={loading(<InvitationPage />)} />
        <Route path="olvide-mi-contrasena" element={loading(<ForgotPasswordPage />)} />
        <Route path="restablecer-contrasena/:token" element={loading(<ResetPasswordPage />)} />
        <Route
          element={
            <StaffOnly signedIn>
              <DashboardLayout />
            </StaffOnly>
          }
        >
          <Route index element={<HomeRoute />} />
          {sectionRoutes()}
          <Route path="componentes" element={loading(<ComponentsPage />)} />
        </Route>
        <Route path="*" element={<UtmNavigate to="/404" replace />} />
      </Routes>
      <BuildLabel container="mfe_dashboard" label={process.env.CUOTA_BUILD_LABEL ?? ''} />
    </>
  );
}
