import { variantLabel, type StoreItem } from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { CellNote } from '@cuota/ui/cell-note';
import { DataTable } from '@cuota/ui/data-table';
import { EmptyState } from '@cuota/ui/empty-state';
import { MoneyText } from '@cuota/ui/money-text';
import { stockText, TAX_LABELS } from './store-text';

interface Props {
  items: StoreItem[];
  canWrite: boolean;
  onEdit: (item: StoreItem) => void;
  onStock: (item: StoreItem) => void;
}

const NO_WRITE = 'Tu rol no puede cambiar el catálogo ni el inventario.';

/** The catalogue with each variant's stock; hidden items say so. */
export function ItemsTable({ items, canWrite, onEdit, onStock }: Props) {
  const reason = canWrite ? undefined : NO_WRITE;
  return (
    <DataTable<StoreItem>
      caption="Artículos de la tienda"
      rows={items}
      rowKey={(i) => i.id}
      oneLineOnPhones
      empty={
        <EmptyState
          title="Aún no hay artículos"
          description="Agrega uniformes, libros o boletos."
        />
      }
      columns={[
        {
          header: 'Artículo',
          sortValue: (i) => i.name,
          cell: (i) => (
            <>
              {i.name}
              <CellNote>
                {[i.category?.name, TAX_LABELS[i.tax], i.visible ? null : 'Oculto en la tienda']
                  .filter(Boolean)
                  .join(' · ')}
              </CellNote>
            </>
          ),
        },
        {
          header: 'Precio',
          align: 'end',
          sortValue: (i) => i.price_centavos,
          cell: (i) => <MoneyText centavos={i.price_centavos} />,
        },
        {
          header: 'Existencias',
          cell: (i) => (
            <ul aria-label={`Existencias de ${i.name}`}>
              {i.variants.map((v) => (
                <li key={v.id}>
                  {variantLabel(v)}: {stockText(v)}
                </li>
              ))}
            </ul>
          ),
        },
        {
          header: 'Acciones',
          cell: (i) => (
            <>
              <Button
                variant="secondary"
                disabled={!canWrite}
                title={reason}
                aria-label={`Editar ${i.name}`}
                onClick={() => onEdit(i)}
              >
                Editar
              </Button>{' '}
              <Button
                variant="ghost"
                disabled={!canWrite}
                title={reason}
                aria-label={`Inventario de ${i.name}`}
                onClick={() => onStock(i)}
              >
                Inventario
              </Button>
            </>
          ),
        },
      ]}
    />
  );
}
