import { useState, type FormEvent } from 'react';
import {
  DEFAULT_SAT_PRODUCT_KEYS,
  STORE_TAXES,
  type StoreItem,
  type StoreTax,
} from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FieldGrid, FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyField } from '@cuota/ui/money-field';
import { EnumSelectField } from '@cuota/ui/enum-select-field';
import { SelectField, TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import {
  useCreateStoreItemMutation,
  useStoreCategoriesQuery,
  useUpdateStoreItemMutation,
} from '../api/store-api';
import { TAX_LABELS, variantsFrom } from './store-text';

interface Props {
  schoolId: string;
  item?: StoreItem;
  onDone: () => void;
}

/** A new item with its sizes, or an edit (name, price, tax, visibility, more sizes). */
export function ItemForm({ schoolId, item, onDone }: Props) {
  const categories = useStoreCategoriesQuery(schoolId).data ?? [];
  const [name, setName] = useState(item?.name ?? '');
  const [price, setPrice] = useState<number | null>(item?.price_centavos ?? null);
  const [tax, setTax] = useState<StoreTax>(item?.tax ?? 'IVA_16');
  const [satKey, setSatKey] = useState(item?.sat_product_key ?? '');
  const [categoryId, setCategoryId] = useState(item?.category?.id ?? '');
  const [visible, setVisible] = useState(item?.visible ?? true);
  const [sizes, setSizes] = useState('');
  const [colour, setColour] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, created] = useCreateStoreItemMutation();
  const [update, updated] = useUpdateStoreItemMutation();

  const send = () => {
    const fields = {
      name,
      price_centavos: price ?? 0,
      tax,
      // Empty: the tax kind's default key (ADR 0092).
      sat_product_key: satKey.trim() || null,
      category_id: categoryId || null,
      visible,
    };
    if (!item)
      return create({
        schoolId,
        item: { ...fields, description: '', variants: variantsFrom(sizes, colour) },
      });
    const added = sizes.trim() ? { add_variants: variantsFrom(sizes, colour) } : {};
    return update({ schoolId, id: item.id, changes: { ...fields, ...added } });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const answer = await send();
    if ('error' in answer) return setProblem(readError(answer.error).message);
    onDone();
  };
  const busy = created.isLoading || updated.isLoading;

  return (
    <Card title={item ? `Editar ${item.name}` : 'Nuevo artículo'}>
      <FormColumn onSubmit={(e) => void submit(e)}>
        <FieldGrid>
          <TextField label="Nombre" value={name} onChange={(e) => setName(e.target.value)} />
          <MoneyField label="Precio (IVA incluido)" value={price} onChange={setPrice} />
          <EnumSelectField
            label="Impuesto"
            options={STORE_TAXES}
            labels={TAX_LABELS}
            value={tax}
            onChange={setTax}
          />
          <TextField
            label="Clave SAT (ClaveProdServ)"
            hint={`Vacía: ${DEFAULT_SAT_PRODUCT_KEYS[tax].key} (${DEFAULT_SAT_PRODUCT_KEYS[tax].description}).`}
            inputMode="numeric"
            maxLength={8}
            placeholder={DEFAULT_SAT_PRODUCT_KEYS[tax].key}
            value={satKey}
            onChange={(e) => setSatKey(e.target.value)}
          />
          <SelectField
            label="Categoría"
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
          >
            <option value="">Sin categoría</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={item ? 'Agregar tallas' : 'Tallas'}
            hint="Separadas por comas, por ejemplo 6, 8, 10. Vacío: talla única."
            value={sizes}
            onChange={(e) => setSizes(e.target.value)}
          />
          <TextField label="Color" value={colour} onChange={(e) => setColour(e.target.value)} />
        </FieldGrid>
        <label>
          <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} />{' '}
          Mostrar en la tienda en línea
        </label>
        {problem && <FormError>{problem}</FormError>}
        <FormRow>
          <Button type="submit" disabled={busy}>
            {busy ? 'Guardando…' : 'Guardar'}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancelar
          </Button>
        </FormRow>
      </FormColumn>
    </Card>
  );
}
