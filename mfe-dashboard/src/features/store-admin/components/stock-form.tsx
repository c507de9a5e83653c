import { useState, type FormEvent } from 'react';
import {
  STOCK_KINDS,
  variantLabel,
  type StockKind,
  type StoreItem,
} from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FieldGrid, FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { EnumSelectField } from '@cuota/ui/enum-select-field';
import { SelectField, TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useMoveStockMutation } from '../api/store-api';
import { STOCK_KIND_LABELS, stockText } from './store-text';

/** One stock movement on one of the item's variants (INTERNAL; the history keeps it). */
export function StockForm({
  schoolId,
  item,
  onDone,
}: {
  schoolId: string;
  item: StoreItem;
  onDone: () => void;
}) {
  const [variantId, setVariantId] = useState(item.variants[0]?.id ?? '');
  const [kind, setKind] = useState<StockKind>('SUM');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [move, moving] = useMoveStockMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const answer = await move({
      schoolId,
      movement: { variant_id: variantId, kind, quantity: Number(quantity || 0), note },
    });
    if ('error' in answer) return setProblem(readError(answer.error).message);
    onDone();
  };

  return (
    <Card title={`Inventario de ${item.name}`}>
      <FormColumn onSubmit={(e) => void submit(e)}>
        <FieldGrid>
          <SelectField
            label="Variante"
            value={variantId}
            onChange={(e) => setVariantId(e.target.value)}
          >
            {item.variants.map((v) => (
              <option key={v.id} value={v.id}>
                {variantLabel(v)}: {stockText(v)}
              </option>
            ))}
          </SelectField>
          <EnumSelectField
            label="Movimiento"
            options={STOCK_KINDS}
            labels={STOCK_KIND_LABELS}
            value={kind}
            onChange={setKind}
          />
          <TextField
            label="Cantidad"
            inputMode="numeric"
            value={quantity}
            disabled={kind === 'UNLIMITED'}
            onChange={(e) => setQuantity(e.target.value)}
          />
          <TextField label="Nota" value={note} onChange={(e) => setNote(e.target.value)} />
        </FieldGrid>
        {problem && <FormError>{problem}</FormError>}
        <FormRow>
          <Button type="submit" disabled={moving.isLoading}>
            Registrar movimiento
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancelar
          </Button>
        </FormRow>
      </FormColumn>
    </Card>
  );
}
