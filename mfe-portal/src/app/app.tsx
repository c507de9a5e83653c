import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { BuildLabel } from '@cuota/ui/build-label';
import { Spinner } from '@cuota/ui/spinner';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { PortalLayout } from './portal-layout';
import { HomeRoute } from './routes/home-route';
import { OnboardingRoute } from './routes/onboarding-route';
import { PayRoute } from './routes/pay-route';
import { PaymentHistoryRoute } from './routes/payment-history-route';
import { StudentsRoute } from './routes/students-route';
import { SubscriptionsRoute } from './routes/subscriptions-route';

// A signed-in guardian never needs the sign-in page: it is its own chunk.
const LoginPage = lazy(() =>
  import('../features/login/components/login-page').then((m) => ({ default: m.LoginPage })),
);

/**
 * The guardian portal, exposed as `mfe_portal/App` and mounted by the shell under
 * /guardians/:guardianHash/*, whose guard has already applied the session rules.
 */
export default function PortalApp() {
  return (
    <>
      <Routes>
        <Route
          path="login"
          element={
            <Suspense fallback={<Spinner label="Cargando el inicio de sesión…" />}>
              <LoginPage />
            </Suspense>
          }
        />
        <Route element={<PortalLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="onboarding" element={<OnboardingRoute />} />
          <Route path="students" element={<StudentsRoute />} />
          <Route path="subscriptions" element={<SubscriptionsRoute />} />
          <Route path="payments" element={<PayRoute />} />
          <Route path="payments/history" element={<PaymentHistoryRoute />} />
        </Route>
        <Route path="*" element={<UtmNavigate to="/404" replace />} />
      </Routes>
      <BuildLabel container="mfe_portal" label={process.env.CUOTA_BUILD_LABEL ?? ''} />
    </>
  );
}
