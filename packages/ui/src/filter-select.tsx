import { FieldLabel, Select } from './form-pieces';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
  /** How many rows the choice leaves, said after the label. */
  count?: number;
}

export interface FilterSelectProps<V extends string> {
  label: string;
  value: V | undefined;
  options: readonly FilterOption<V>[];
  /** Called at once with the choice; undefined for «all». */
  onChange: (value: V | undefined) => void;
  /** The first option, which filters nothing out. */
  all?: string;
}

/** One of a list's filters: a labelled select whose first option keeps every row. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  all = 'Todos',
}: FilterSelectProps<V>) {
  return (
    <FieldLabel>
      {label}
      <Select
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.count === undefined ? o.label : `${o.label} (${o.count})`}
          </option>
        ))}
      </Select>
    </FieldLabel>
  );
}
