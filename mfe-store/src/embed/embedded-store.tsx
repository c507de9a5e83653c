import { Route, Routes, useParams } from 'react-router';
import styled from 'styled-components';
import { UNREGISTERED_ORIGIN } from '@cuota/contracts/enrolment/embed-origins';
import { useCart } from '../features/shop/components/cart-context';
import { CatalogueGrid, type CatalogueRead } from '../features/shop/components/catalogue-grid';
import { ItemDetail } from '../features/shop/components/item-detail';
import { handOverSearch } from '../features/shop/utils/cart-storage';
import { storePath } from '../features/shop/utils/store-paths';
import { useCatalogue } from './use-catalogue';

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

/** One item inside the element (its memory router's `articulo/:itemId`), back to the catalogue. */
function EmbeddedItem({ schoolId, read }: { schoolId: string; read: CatalogueRead }) {
  const { itemId } = useParams();
  if (read.isLoading) return null;
  const item = read.data?.items.find((i) => i.id === itemId);
  return (
    <article aria-label={item?.name ?? 'Artículo no disponible'}>
      <h2>{item?.name ?? 'Artículo no disponible'}</h2>
      <ItemDetail schoolId={schoolId} item={item} />
    </article>
  );
}

/**
 * The store as a school's page shows it (`<cuota-store>`): the catalogue, each item's detail
 * (in the element's memory router: the school's page keeps its URL) and a cart kept in that
 * page's storage. Paying opens the store's own cart at the top level with the lines (ADR
 * 0067): the stock check, the buyer and the card all happen on Cuota's origin, never in the
 * school's page. A site the school did not register gets no catalogue (no CORS answer).
 */
export function EmbeddedStore({ schoolId, apiOrigin }: { schoolId: string; apiOrigin: string }) {
  const read = useCatalogue(schoolId);
  const { cart } = useCart();
  if (read.isError) return <p role="alert">{UNREGISTERED_ORIGIN}</p>;
  const pay = `${apiOrigin}${storePath(schoolId, 'carrito')}${handOverSearch(cart)}`;
  return (
    <section aria-label="Tienda escolar">
      <Bar>
        <strong>Carrito ({cart.length})</strong>
        <PayLink href={pay} target="_top">
          Pagar en la tienda
        </PayLink>
      </Bar>
      <Routes>
        <Route
          path={storePath(schoolId, 'articulo/:itemId')}
          element={<EmbeddedItem schoolId={schoolId} read={read} />}
        />
        <Route path="*" element={<CatalogueGrid schoolId={schoolId} read={read} />} />
      </Routes>
    </section>
  );
}
