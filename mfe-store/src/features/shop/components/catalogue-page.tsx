import { Page } from '@cuota/ui/page';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useOnlineStoreQuery } from '../api/online-store-api';
import { storePath } from '../utils/store-paths';
import { CatalogueGrid } from './catalogue-grid';
import { useCart } from './cart-context';

/** /store/:schoolId — the school's catalogue and the way to its cart. */
export function CataloguePage({ schoolId }: { schoolId: string }) {
  const { cart } = useCart();
  const read = useOnlineStoreQuery(schoolId);
  return (
    <Page title="Tienda escolar">
      <p>
        <UtmLink to={storePath(schoolId, 'carrito')}>Ver carrito ({cart.length})</UtmLink>
      </p>
      <CatalogueGrid schoolId={schoolId} read={read} />
    </Page>
  );
}
