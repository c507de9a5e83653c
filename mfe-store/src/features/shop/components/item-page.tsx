import { EmptyState } from '@cuota/ui/empty-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useOnlineStoreQuery } from '../api/online-store-api';
import { storePath } from '../utils/store-paths';
import { VariantPicker } from './catalogue-page';

const TAX_NOTE = { IVA_16: 'Incluye IVA', IVA_0: 'IVA tasa 0 %', EXENTO: 'Exento de IVA' } as const;

/** /store/:schoolId/articulo/:itemId — one item, its description and its variants. */
export function ItemPage({ schoolId, itemId }: { schoolId: string; itemId: string }) {
  const { data, isLoading } = useOnlineStoreQuery(schoolId);
  const item = data?.items.find((i) => i.id === itemId);
  if (isLoading) return <Spinner label="Cargando artículo…" />;
  return (
    <Page title={item?.name ?? 'Artículo no disponible'}>
      <p>
        <UtmLink to={storePath(schoolId)}>Volver a la tienda</UtmLink>
      </p>
      {item ? (
        <>
          {item.description && <p>{item.description}</p>}
          <p>
            <MoneyText centavos={item.price_centavos} /> MXN · {TAX_NOTE[item.tax]}
          </p>
          <VariantPicker item={item} />
        </>
      ) : (
        <EmptyState
          title="Este artículo ya no está a la venta"
          description="Busca otros artículos en la tienda de tu escuela."
        />
      )}
    </Page>
  );
}
