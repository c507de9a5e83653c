import { EmptyState } from '@cuota/ui/empty-state';
import { MoneyText } from '@cuota/ui/money-text';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import type { StoreItemView } from '../utils/cart';
import { storePath } from '../utils/store-paths';
import { VariantPicker } from './catalogue-grid';
import { ItemGallery } from './item-photos';

const TAX_NOTE = { IVA_16: 'Incluye IVA', IVA_0: 'IVA tasa 0 %', EXENTO: 'Exento de IVA' } as const;

/** The way back to the catalogue, then one item: its description, price and variants. */
export function ItemDetail({
  schoolId,
  item,
}: {
  schoolId: string;
  item: StoreItemView | undefined;
}) {
  return (
    <>
      <p>
        <UtmLink to={storePath(schoolId)}>Volver a la tienda</UtmLink>
      </p>
      {item ? (
        <>
          <ItemGallery item={item} />
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
    </>
  );
}
