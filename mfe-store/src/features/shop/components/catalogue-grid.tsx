import styled from 'styled-components';
import { variantLabel, type OnlineStore } from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { RowList } from '@cuota/ui/row-list';
import { Spinner } from '@cuota/ui/spinner';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCart } from './cart-context';
import { ItemThumbnail } from './item-photos';
import type { StoreItemView } from '../utils/cart';
import { storePath } from '../utils/store-paths';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
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
    <RowList>
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
    </RowList>
  );
}

/** A read of the school's catalogue: RTK Query's on Cuota, a plain one in `<cuota-store>`. */
export interface CatalogueRead {
  data?: OnlineStore;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The school's visible items, with price and stock per variant, each linking to its detail. */
export function CatalogueGrid({ schoolId, read }: { schoolId: string; read: CatalogueRead }) {
  const { data, isLoading, isError, refetch } = read;
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
            <ItemThumbnail item={item} />
            {item.category && <p>{item.category.name}</p>}
            <p>
              <MoneyText centavos={item.price_centavos} /> MXN
            </p>
            <p>
              <UtmLink to={storePath(schoolId, `articulo/${item.id}`)}>Ver detalle</UtmLink>
            </p>
            <VariantPicker item={item} />
          </Card>
        ))}
      </Grid>
    </>
  );
}
