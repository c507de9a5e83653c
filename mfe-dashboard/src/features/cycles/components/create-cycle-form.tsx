import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createCycleSchema, type CreateCycle } from '@cuota/contracts/enrolment/cycles';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { useCreateCycleMutation } from '../api/cycles-api';

/** A new school year: "2026-2027" with its first and last day (it starts as a draft). */
export function CreateCycleForm({ schoolId }: { schoolId: string }) {
  const [create, { isLoading }] = useCreateCycleMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<CreateCycle>({
    resolver: zodResolver(createCycleSchema),
    defaultValues: { name: '', starts_on: '', ends_on: '' },
  });
  const errorOf = (field: keyof CreateCycle) => formState.errors[field]?.message ?? null;

  const submit = handleSubmit(async (cycle) => {
    setServerError(null);
    try {
      await create({ schoolId, cycle }).unwrap();
      reset();
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <Card title="Nuevo ciclo escolar">
      <FormColumn onSubmit={submit} noValidate aria-label="Nuevo ciclo escolar">
        <FormRow>
          <TextField
            label="Nombre"
            placeholder="2026-2027"
            error={errorOf('name')}
            {...register('name')}
          />
          <TextField
            label="Inicia"
            type="date"
            error={errorOf('starts_on')}
            {...register('starts_on')}
          />
          <TextField
            label="Termina"
            type="date"
            error={errorOf('ends_on')}
            {...register('ends_on')}
          />
        </FormRow>
        {serverError && <FormError>{serverError}</FormError>}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Creando…' : 'Crear ciclo'}
        </Button>
      </FormColumn>
    </Card>
  );
}
