import { Route, Routes, useParams } from 'react-router';
import { BuildLabel } from '@cuota/ui/build-label';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { CartProvider } from '../features/shop/components/cart-context';
import { CartPage } from '../features/shop/components/cart-page';
import { CheckoutPage } from '../features/shop/components/checkout-page';
import { CataloguePage } from '../features/shop/components/catalogue-page';
import { ItemPage } from '../features/shop/components/item-page';
import { StorefrontPage } from '../features/shop/components/storefront-page';
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

/** A page of the school's store, all sharing the school's cart. */
function ShopPage({ page }: { page: 'catalogue' | 'item' | 'cart' | 'checkout' }) {
  const { schoolId = '', itemId = '' } = useParams();
  return (
    <CartProvider key={schoolId} schoolId={schoolId}>
      {page === 'catalogue' && <CataloguePage schoolId={schoolId} />}
      {page === 'item' && <ItemPage schoolId={schoolId} itemId={itemId} />}
      {page === 'cart' && <CartPage schoolId={schoolId} />}
      {page === 'checkout' && <CheckoutPage schoolId={schoolId} />}
    </CartProvider>
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
          <Route index element={<ShopPage page="catalogue" />} />
          <Route path="articulo/:itemId" element={<ShopPage page="item" />} />
          <Route path="carrito" element={<ShopPage page="cart" />} />
          <Route path="pago" element={<ShopPage page="checkout" />} />
          <Route path="registro" element={<SchoolPage page="signup" />} />
          <Route path="aviso-de-privacidad" element={<SchoolPage page="privacy" />} />
        </Route>
        <Route path="*" element={<UtmNavigate to="/404" replace />} />
      </Routes>
      <BuildLabel container="mfe_store" label={process.env.CUOTA_BUILD_LABEL ?? ''} />
    </>
  );
}
