import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorDetails, readError } from '@cuota/web-core/api/api-error';

/**
 * A refused save's Spanish messages: each on the field it names when the form has it, the
 * rest (and any other failure) in one message above the buttons.
 */
export function useServerErrors<T extends FieldValues>(
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  const [message, setMessage] = useState<string | null>(null);
  const show = (failure: unknown) => {
    const details = errorDetails(failure);
    const unplaced = details.filter((d) => {
      const field = fields.find((f) => f === d.path);
      if (field) setError(field, { message: d.message });
      return !field;
    });
    setMessage(
      details.length && !unplaced.length
        ? null
        : (unplaced[0]?.message ?? readError(failure).message),
    );
  };
  return { message, show, clear: () => setMessage(null) };
}
