import { useState } from 'react';
import type { StoreItem } from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { ErrorState } from '@cuota/ui/error-state';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useStoreStockQuery } from '../api/store-api';
import { EmbedSitesCard } from './embed-sites-card';
import { HistoryCard } from './history-card';
import { ItemForm } from './item-form';
import { ItemPhotosCard } from './item-photos-card';
import { ItemsTable } from './items-table';
import { OrdersCard } from './orders-card';
import { StockForm } from './stock-form';

type Editing = { form: 'item'; item?: StoreItem } | { form: 'stock'; item: StoreItem } | null;

/** The school store: catalogue with stock, orders to deliver and the stock history. */
export function StoreView({ schoolId, canWrite }: { schoolId: string; canWrite: boolean }) {
  const stock = useStoreStockQuery(schoolId);
  const [editing, setEditing] = useState<Editing>(null);
  const done = () => setEditing(null);

  if (editing?.form === 'item')
    return (
      <>
        <ItemForm
          key={editing.item?.id ?? 'new'}
          schoolId={schoolId}
          item={editing.item}
          onDone={done}
        />
        {/* Photos hang on a saved item: a new one gets them once it exists. */}
        {editing.item && <ItemPhotosCard schoolId={schoolId} itemId={editing.item.id} />}
      </>
    );
  if (editing?.form === 'stock')
    return (
      <StockForm key={editing.item.id} schoolId={schoolId} item={editing.item} onDone={done} />
    );
  return (
    <>
      <Button disabled={!canWrite} onClick={() => setEditing({ form: 'item' })}>
        Nuevo artículo
      </Button>
      {stock.isLoading && <Spinner label="Cargando la tienda…" />}
      {stock.error && (
        <ErrorState message={readError(stock.error).message} onRetry={() => void stock.refetch()} />
      )}
      {stock.data && (
        <ItemsTable
          items={stock.data}
          canWrite={canWrite}
          onEdit={(item) => setEditing({ form: 'item', item })}
          onStock={(item) => setEditing({ form: 'stock', item })}
        />
      )}
      <OrdersCard schoolId={schoolId} />
      <HistoryCard schoolId={schoolId} />
      <EmbedSitesCard schoolId={schoolId} />
    </>
  );
}

export function StorePage() {
  const schoolId = useCurrentSchool().school?.id;
  const canWrite = useGrant('concepts.write');
  return (
    <Page title="Tienda">
      <ReadOnlyNote permission="concepts.write" action="cambiar el catálogo ni el inventario" />
      {schoolId && <StoreView schoolId={schoolId} canWrite={canWrite} />}
    </Page>
  );
}
