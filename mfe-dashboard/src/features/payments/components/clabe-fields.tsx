import { useState } from 'react';
import { holderNameSchema } from '@cuota/contracts/payments/bank-accounts';
import { bankOfClabe, clabeSchema } from '@cuota/contracts/payments/clabe';
import { TextField } from '@cuota/ui/text-field';

/**
 * A CLABE and its holder as staff type them (ADR 0036, 0110): the bank named from the first
 * three digits as they are typed, each field's Spanish error from the service's own schemas.
 * `check` answers the cleaned values, or null after showing what is wrong.
 */
export function useClabeFields() {
  const [clabe, setClabe] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<{ clabe?: string; holder?: string }>({});
  const digits = clabe.replace(/\s+/g, '');
  const bank = digits.length >= 3 ? bankOfClabe(digits) : null;

  const check = () => {
    const c = clabeSchema.safeParse(clabe);
    const h = holderNameSchema.safeParse(holder);
    setErrors({ clabe: c.error?.issues[0]?.message, holder: h.error?.issues[0]?.message });
    return c.success && h.success ? { clabe: c.data, holder_name: h.data } : null;
  };
  const reset = () => {
    setClabe('');
    setHolder('');
    setErrors({});
  };
  const fields = (
    <>
      <TextField
        label="CLABE"
        inputMode="numeric"
        value={clabe}
        onChange={(e) => setClabe(e.target.value)}
        hint={bank ? `Banco: ${bank}` : '18 dígitos; el banco sale de los tres primeros.'}
        error={errors.clabe}
      />
      <TextField
        label="Titular"
        value={holder}
        onChange={(e) => setHolder(e.target.value)}
        error={errors.holder}
      />
    </>
  );
  return { fields, check, reset };
}
