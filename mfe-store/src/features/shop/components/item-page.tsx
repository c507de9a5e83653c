import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { useOnlineStoreQuery } from '../api/online-store-api';
import { ItemDetail } from './item-detail';

/** /store/:schoolId/articulo/:itemId — one item, its description and its variants. */
export function ItemPage({ schoolId, itemId }: { schoolId: string; itemId: string }) {
  const { data, isLoading } = useOnlineStoreQuery(schoolId);
  const item = data?.items.find((i) => i.id === itemId);
  if (isLoading) return <Spinner label="Cargando artículo…" />;
  return (
    <Page title={item?.name ?? 'Artículo no disponible'}>
      <ItemDetail schoolId={schoolId} item={item} />
    </Page>
  );
}
