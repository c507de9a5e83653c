import { useState } from 'react';
import { centavosToDecimal, parseMoney } from '@cuota/ui/money';
import { TextField } from '@cuota/ui/text-field';

export interface MoneyFieldProps {
  label: string;
  /** Centavos; null while empty. */
  value: number | null;
  /** Centavos as typed; null while the text is not an amount. */
  onChange: (centavos: number | null) => void;
  hint?: string;
  error?: string | null;
}

/**
 * An amount in pesos (`1,234.50`), handed back as integer centavos. What is typed stays as
 * typed; a text that is not an amount says so when the field is left.
 */
export function MoneyField({ label, value, onChange, hint, error }: MoneyFieldProps) {
  const [text, setText] = useState(value === null ? '' : centavosToDecimal(value));
  const [touched, setTouched] = useState(false);
  const invalid = touched && text.trim() !== '' && parseMoney(text) === null;
  return (
    <TextField
      label={label}
      hint={hint ?? 'En pesos, por ejemplo 1,250.00'}
      inputMode="decimal"
      value={text}
      error={invalid ? 'Escribe una cantidad en pesos, con hasta dos decimales.' : error}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseMoney(event.target.value));
      }}
      onBlur={() => setTouched(true)}
    />
  );
}
