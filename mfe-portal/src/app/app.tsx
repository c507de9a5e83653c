import { Route, Routes } from 'react-router';
import { BuildLabel } from '@cuota/ui/build-label';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { LoginPage } from '../features/login/components/login-page';
import { PortalLayout } from './portal-layout';
import { HomeRoute } from './routes/home-route';
import { OnboardingRoute } from './routes/onboarding-route';
import { PayRoute } from './routes/pay-route';
import { PaymentHistoryRoute } from './routes/payment-history-route';
import { StudentsRoute } from './routes/students-route';
import { SubscriptionsRoute } from './routes/subscriptions-route';

/**
 * The guardian portal, exposed as `mfe_portal/App` and mounted by the shell under
 * /guardians/:guardianHash/*, whose guard has already applied the session rules.
 */
export default function PortalApp() {
  return (
    <>
      <Routes>
        <Route path="login" element={<LoginPage />} />
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
