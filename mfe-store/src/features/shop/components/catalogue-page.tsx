import styled from 'styled-components';
import { variantLabel } from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCart } from './cart-context';
import type { StoreItemView } from '../utils/cart';
import { useOnlineStoreQuery } from '../api/online-store-api';
import { storePath } from '../utils/store-paths';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Variants = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
    justify-content: space-between;
  }
`;

/** «Agotado», «Quedan 3» or nothing (unlimited): what a buyer needs of the stock. */
export function stockText(available: number | null): string | null {
  if (available === null) return null;
  return available > 0 ? `Quedan ${available}` : 'Agotado';
}

/** The variants of an item, each toggled in or out of the cart (the spec's selection rule). */
export function VariantPicker({ item }: { item: StoreItemView }) {
  const { cart, toggle } = useCart();
  return (
    <Variants>
      {item.variants.map((v) => {
        const inCart = cart.some((l) => l.variant_id === v.id);
        const label = variantLabel(v);
        return (
          <li key={v.id}>
            <span>
              {label} {stockText(v.available) && <small>· {stockText(v.available)}</small>}
            </span>
            <Button
              variant={inCart ? 'secondary' : 'primary'}
              disabled={!inCart && v.available === 0}
              aria-pressed={inCart}
              aria-label={`${inCart ? 'Quitar del carrito' : 'Agregar al carrito'}: ${item.name}, ${label}`}
              onClick={() => toggle(v.id)}
            >
              {inCart ? 'Quitar del carrito' : 'Agregar al carrito'}
            </Button>
          </li>
        );
      })}
    </Variants>
  );
}

/**
 * The school's visible items, with price and stock per variant. `withDetail` links each to
 * its own page (left out where the store has no pages of its own: `<cuota-store>`).
 */
export function CatalogueItems({
  schoolId,
  withDetail = true,
}: {
  schoolId: string;
  withDetail?: boolean;
}) {
  const { data, isLoading, isError, refetch } = useOnlineStoreQuery(schoolId);
  return (
    <>
      {isLoading && <Spinner label="Cargando artículos…" />}
      {isError && <ErrorState title="No pudimos cargar la tienda" onRetry={() => void refetch()} />}
      {data?.items.length === 0 && (
        <EmptyState
          title="Aún no hay productos disponibles"
          description="Cuando tu escuela publique sus artículos, los encontrarás aquí."
        />
      )}
      <Grid>
        {data?.items.map((item) => (
          <Card key={item.id} title={item.name}>
            {item.category && <p>{item.category.name}</p>}
            <p>
              <MoneyText centavos={item.price_centavos} /> MXN
            </p>
            {withDetail && (
              <p>
                <UtmLink to={storePath(schoolId, `articulo/${item.id}`)}>Ver detalle</UtmLink>
              </p>
            )}
            <VariantPicker item={item} />
          </Card>
        ))}
      </Grid>
    </>
  );
}

/** /store/:schoolId — the school's catalogue and the way to its cart. */
export function CataloguePage({ schoolId }: { schoolId: string }) {
  const { cart } = useCart();
  return (
    <Page title="Tienda escolar">
      <p>
        <UtmLink to={storePath(schoolId, 'carrito')}>Ver carrito ({cart.length})</UtmLink>
      </p>
      <CatalogueItems schoolId={schoolId} />
    </Page>
  );
}
