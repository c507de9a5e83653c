import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FieldLabel, FormColumn, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { useCreateLeadMutation } from '../api/admissions-api';
import { EMPTY_LEAD, leadFormSchema, toCreateLead, type LeadFormValues } from '../utils/lead-form';

/** "Nuevo interesado": the child and the guardian who asked, in one step. */
export function CreateLeadForm({
  schoolId,
  onCreated,
}: {
  schoolId: string;
  onCreated?: () => void;
}) {
  const [createLead, { isLoading }] = useCreateLeadMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<LeadFormValues>({
    resolver: zodResolver(leadFormSchema),
    defaultValues: EMPTY_LEAD,
  });
  const errorOf = (field: keyof LeadFormValues) => formState.errors[field]?.message ?? null;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await createLead(toCreateLead(values, schoolId)).unwrap();
      reset(EMPTY_LEAD);
      onCreated?.();
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <Card title="Nuevo interesado">
      <FormColumn onSubmit={submit} noValidate aria-label="Nuevo interesado">
        <FormRow>
          <TextField
            label="Nombre del alumno"
            error={errorOf('first_name')}
            {...register('first_name')}
          />
          <TextField
            label="Apellidos del alumno"
            error={errorOf('last_name')}
            {...register('last_name')}
          />
          <FieldLabel>
            Nivel
            <Select {...register('level')}>
              {EDUCATION_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {EDUCATION_LEVEL_LABELS[level]}
                </option>
              ))}
            </Select>
          </FieldLabel>
          <TextField
            label="Fecha de nacimiento"
            type="date"
            error={errorOf('birth_date')}
            {...register('birth_date')}
          />
          <TextField label="CURP (opcional)" error={errorOf('curp')} {...register('curp')} />
        </FormRow>
        <FormRow>
          <TextField
            label="Nombre del tutor"
            error={errorOf('guardian_first_name')}
            {...register('guardian_first_name')}
          />
          <TextField
            label="Apellidos del tutor"
            error={errorOf('guardian_last_name')}
            {...register('guardian_last_name')}
          />
          <TextField
            label="Correo del tutor"
            type="email"
            error={errorOf('guardian_email')}
            {...register('guardian_email')}
          />
          <TextField
            label="Teléfono del tutor"
            error={errorOf('guardian_phone')}
            {...register('guardian_phone')}
          />
          <TextField
            label="Parentesco"
            placeholder="Madre, padre, abuela…"
            error={errorOf('guardian_relationship')}
            {...register('guardian_relationship')}
          />
        </FormRow>
        {serverError && <FormError>{serverError}</FormError>}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Guardando…' : 'Registrar interesado'}
        </Button>
      </FormColumn>
    </Card>
  );
}
