import { useState, type FormEvent } from 'react';
import { Button } from '@cuota/ui/button';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { useAssignConceptsMutation } from '../api/admissions-api';

/**
 * Concepts by id, separated by commas. Billing's catalogue (names, prices) arrives with the
 * billing issue; until then staff type the ids billing gave them.
 */
export function AssignConceptsForm({ studentId, name }: { studentId: string; name: string }) {
  const [assign, { isLoading }] = useAssignConceptsMutation();
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setMessage(null);
    const conceptIds = value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (!conceptIds.length) return setError('Escribe al menos un concepto.');
    try {
      const result = await assign({ studentId, conceptIds }).unwrap();
      setValue('');
      setMessage(`Conceptos asignados: ${result.concept_ids.join(', ')}`);
    } catch (err) {
      setError(readError(err).message);
    }
  };

  return (
    <form onSubmit={submit} aria-label={`Conceptos de ${name}`}>
      <FormRow>
        <TextField
          label="Conceptos (ids separados por coma)"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={isLoading}>
          Asignar conceptos
        </Button>
      </FormRow>
      {message && <p role="status">{message}</p>}
      {error && <FormError>{error}</FormError>}
    </form>
  );
}
