import { Route, Routes } from 'react-router';
import { BuildLabel } from '@cuota/ui/build-label';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { InvitationPage } from '../features/auth/components/invitation-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { StaffLoginPage } from '../features/auth/components/staff-login-page';
import { ComponentsPage } from '../features/components-gallery/components/components-page';
import { DashboardLayout } from './dashboard-layout';
import { HomeRoute } from './routes/home-route';
import { sectionRoutes } from './section-routes';
import { StaffOnly } from './staff-only';

/** The staff dashboard, exposed as `mfe_dashboard/App`, mounted under /dashboard/*. */
export default function DashboardApp() {
  return (
    <>
      <Routes>
        <Route
          path="login"
          element={
            <StaffOnly signedIn={false}>
              <StaffLoginPage />
            </StaffOnly>
          }
        />
        {/* Signed out or in: the e-mailed link signs in as the invited member. */}
        <Route path="invitacion/:token" element={<InvitationPage />} />
        <Route path="olvide-mi-contrasena" element={<ForgotPasswordPage />} />
        <Route path="restablecer-contrasena/:token" element={<ResetPasswordPage />} />
        <Route
          element={
            <StaffOnly signedIn>
              <DashboardLayout />
            </StaffOnly>
          }
        >
          <Route index element={<HomeRoute />} />
          {sectionRoutes()}
          <Route path="componentes" element={<ComponentsPage />} />
        </Route>
        <Route path="*" element={<UtmNavigate to="/404" replace />} />
      </Routes>
      <BuildLabel container="mfe_dashboard" label={process.env.CUOTA_BUILD_LABEL ?? ''} />
    </>
  );
}
