import { SelectField, type SelectFieldProps } from './text-field';

export interface EnumSelectFieldProps<T extends string> extends Omit<
  SelectFieldProps,
  'value' | 'onChange' | 'children'
> {
  /** The enum's values, in the order the list shows them. */
  options: readonly T[];
  /** What each value reads as (the values themselves are codes). */
  labels: Readonly<Record<T, string>>;
  value: T;
  onChange: (value: T) => void;
}

/** A labelled list of one enum's values, each shown by its Spanish label. */
export function EnumSelectField<T extends string>({
  options,
  labels,
  value,
  onChange,
  ...fieldProps
}: EnumSelectFieldProps<T>) {
  return (
    <SelectField {...fieldProps} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </SelectField>
  );
}
