import { EnumSelectField } from '@cuota/ui/enum-select-field';
import { MoneyField } from '@cuota/ui/money-field';
import { TextField } from '@cuota/ui/text-field';
import { basisPointsOf } from './percent';

/** How a scholarship, discount or over-charge is measured (ADR 0035). */
export type GrantKind = 'PERCENT' | 'AMOUNT' | 'FIXED';

const KIND_LABELS: Record<GrantKind, string> = {
  PERCENT: 'Porcentaje',
  AMOUNT: 'Monto en pesos',
  FIXED: 'Precio fijo de la orden',
};

/** The kind and its value as typed: a percentage as text, an amount already in centavos. */
export interface GrantValue {
  kind: GrantKind;
  percent: string;
  amount_centavos: number | null;
}

export const EMPTY_GRANT: GrantValue = { kind: 'PERCENT', percent: '', amount_centavos: null };

/** The kind and value as the API takes them. */
export const grantBody = (v: GrantValue) =>
  v.kind === 'PERCENT'
    ? { kind: v.kind, basis_points: basisPointsOf(v.percent) }
    : { kind: v.kind, amount_centavos: v.amount_centavos };

/** Where the schema's problems of the value land: beside the one value field. */
export const VALUE_FIELDS = { basis_points: 'value', amount_centavos: 'value' } as const;
/** The value is money (its errors said in pesos) unless it is a percentage. */
export const moneyValue = (v: GrantValue) => new Set(v.kind === 'PERCENT' ? [] : ['value']);

interface Props {
  kinds: GrantKind[];
  value: GrantValue;
  onChange: (value: GrantValue) => void;
  error?: string;
}

/** «Tipo» and, by it, the percentage or the amount in pesos. */
export function GrantValueFields({ kinds, value, onChange, error }: Props) {
  return (
    <>
      <EnumSelectField
        label="Tipo"
        options={kinds}
        labels={KIND_LABELS}
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind })}
      />
      {value.kind === 'PERCENT' ? (
        <TextField
          label="Porcentaje"
          hint="Por ejemplo 15 o 12.5"
          inputMode="decimal"
          error={error}
          value={value.percent}
          onChange={(e) => onChange({ ...value, percent: e.target.value })}
        />
      ) : (
        <MoneyField
          label={value.kind === 'FIXED' ? 'La orden cuesta' : 'Monto'}
          error={error}
          value={value.amount_centavos}
          onChange={(amount_centavos) => onChange({ ...value, amount_centavos })}
        />
      )}
    </>
  );
}
