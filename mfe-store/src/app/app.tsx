import { Route, Routes, useParams } from 'react-router';
import { BuildLabel } from '@cuota/ui/build-label';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { StorefrontPage } from '../features/catalogue/components/storefront-page';
import { PrivacyNoticePage } from '../features/privacy/components/privacy-notice-page';
import { SignupPage } from '../features/signup/components/signup-page';
import { StoreLayout } from './store-layout';
import { useStoreSchool } from './use-store-school';

function SchoolPage({ page }: { page: 'signup' | 'privacy' }) {
  const { schoolId = '' } = useParams();
  const { name, face } = useStoreSchool(schoolId);
  return page === 'signup' ? (
    <SignupPage schoolId={schoolId} schoolName={name} />
  ) : (
    <PrivacyNoticePage schoolId={schoolId} school={face} />
  );
}

/** The online store, exposed as `mfe_store/App`, mounted under /store/*. */
export default function StoreApp() {
  return (
    <>
      <Routes>
        <Route element={<StoreLayout />}>
          <Route index element={<StorefrontPage />} />
        </Route>
        <Route path=":schoolId" element={<StoreLayout />}>
          <Route index element={<UtmNavigate to="/404" replace />} />
          <Route path="registro" element={<SchoolPage page="signup" />} />
          <Route path="aviso-de-privacidad" element={<SchoolPage page="privacy" />} />
        </Route>
        <Route path="*" element={<UtmNavigate to="/404" replace />} />
      </Routes>
      <BuildLabel container="mfe_store" label={process.env.CUOTA_BUILD_LABEL ?? ''} />
    </>
  );
}
