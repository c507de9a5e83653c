import type { StockMovement } from '@cuota/contracts/billing/store';
import { Card } from '@cuota/ui/card';
import { DataTable } from '@cuota/ui/data-table';
import { InstantText } from '@cuota/ui/date-text';
import { EmptyState } from '@cuota/ui/empty-state';
import { FormError } from '@cuota/ui/form-pieces';
import { readError } from '@cuota/web-core/api/api-error';
import { useStockHistoryQuery } from '../api/store-api';
import { STOCK_KIND_LABELS } from './store-text';

const MOVEMENT_LABELS = { INTERNAL: 'Interno', EXTERNAL: 'Venta' } as const;

/** Every count change, newest first: staff movements and the store's sales. */
export function HistoryCard({ schoolId }: { schoolId: string }) {
  const history = useStockHistoryQuery(schoolId);
  return (
    <Card title="Historial de inventario">
      {history.error && <FormError>{readError(history.error).message}</FormError>}
      {history.data && (
        <DataTable<StockMovement>
          caption="Movimientos de inventario"
          rows={history.data}
          rowKey={(m) => m.id}
          pageSize={20}
          oneLineOnPhones
          empty={<EmptyState title="Aún no hay movimientos" />}
          columns={[
            { header: 'Fecha', cell: (m) => <InstantText instant={m.created_at} /> },
            { header: 'Artículo', cell: (m) => `${m.item_name} (${m.variant_label})` },
            {
              header: 'Movimiento',
              cell: (m) => `${STOCK_KIND_LABELS[m.kind]} · ${MOVEMENT_LABELS[m.movement]}`,
            },
            {
              header: 'Cantidad',
              align: 'end',
              cell: (m) => (m.kind === 'UNLIMITED' ? '—' : m.quantity),
            },
            {
              header: 'Quedan',
              align: 'end',
              cell: (m) => (m.limited_after ? m.on_hand_after : 'Sin límite'),
            },
            { header: 'Nota', cell: (m) => m.note },
          ]}
        />
      )}
    </Card>
  );
}
