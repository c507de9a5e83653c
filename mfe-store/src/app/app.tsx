import { Route, Routes } from 'react-router';
import { BuildLabel } from '@cuota/ui/build-label';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { StorefrontPage } from '../features/catalogue/components/storefront-page';
import { SignupPage } from '../features/signup/components/signup-page';

/** The online store, exposed as `mfe_store/App`, mounted under /store/*. */
export default function StoreApp() {
  return (
    <>
      <Routes>
        <Route index element={<StorefrontPage />} />
        <Route path=":schoolId/registro" element={<SignupPage />} />
        <Route path="*" element={<UtmNavigate to="/404" replace />} />
      </Routes>
      <BuildLabel container="mfe_store" label={process.env.CUOTA_BUILD_LABEL ?? ''} />
    </>
  );
}
