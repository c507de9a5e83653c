import styled from 'styled-components';
import { UNREGISTERED_ORIGIN } from '@cuota/contracts/enrolment/embed-origins';
import { useOnlineStoreQuery } from '../features/shop/api/online-store-api';
import { useCart } from '../features/shop/components/cart-context';
import { CatalogueItems } from '../features/shop/components/catalogue-page';
import { handOverSearch } from '../features/shop/utils/cart-storage';
import { storePath } from '../features/shop/utils/store-paths';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const PayLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;
  text-decoration: none;
`;

/**
 * The store as a school's page shows it (`<cuota-store>`): the catalogue and a cart kept in
 * that page's storage. Paying opens the store's own cart at the top level with the lines
 * (ADR 0067): the stock check, the buyer and the card all happen on Cuota's origin, never in
 * the school's page. A site the school did not register gets no catalogue (no CORS answer).
 */
export function EmbeddedStore({ schoolId, apiOrigin }: { schoolId: string; apiOrigin: string }) {
  const { isError } = useOnlineStoreQuery(schoolId);
  const { cart } = useCart();
  if (isError) return <p role="alert">{UNREGISTERED_ORIGIN}</p>;
  const pay = `${apiOrigin}${storePath(schoolId, 'carrito')}${handOverSearch(cart)}`;
  return (
    <section aria-label="Tienda escolar">
      <Bar>
        <strong>Carrito ({cart.length})</strong>
        <PayLink href={pay} target="_top">
          Pagar en la tienda
        </PayLink>
      </Bar>
      <CatalogueItems schoolId={schoolId} withDetail={false} />
    </section>
  );
}
