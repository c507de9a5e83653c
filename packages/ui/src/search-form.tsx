import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { FormRow } from './form-pieces';
import { TextField } from './text-field';

export interface SearchFormProps {
  /** The form's accessible name, e.g. «Buscar facturas». */
  name: string;
  /** The search box's label. */
  label?: string;
  /** What the box searches by, e.g. «Nombre, CURP o matrícula». */
  hint?: string;
  /** The search the list shows now: the box starts with it and follows it when it changes. */
  value?: string;
  /** Called on submit with the typed text trimmed (empty when the box is). */
  onSearch: (text: string) => void;
  /** Called on every change with the text trimmed, for a search as you type (debounced). */
  onType?: (text: string) => void;
  /** Filters beside the button that apply at once (selects). */
  children?: ReactNode;
}

/**
 * A list's search: a labelled box sent with «Buscar» (and, with `onType`, as it is typed)
 * and the list's other filters in the same row.
 */
export function SearchForm({
  name,
  label = 'Buscar',
  hint,
  value = '',
  onSearch,
  onType,
  children,
}: SearchFormProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The search changed elsewhere (back button, a link): the box shows it. A search that is
  // what the box holds (sent as it was typed) leaves the box alone, mid-word spaces and all.
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={name} onSubmit={submit}>
      <FormRow>
        <TextField
          label={label}
          hint={hint}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onType?.(e.target.value.trim());
          }}
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
        {children}
      </FormRow>
    </form>
  );
}
