import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LevelWithSections } from '@cuota/contracts/enrolment/levels';
import { Button } from '@cuota/ui/button';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FieldLabel, FormColumn, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { useAddSectionsMutation } from '../api/levels-api';
import {
  addSectionsFormSchema,
  capacityOf,
  splitGroups,
  type AddSectionsFormValues,
} from '../utils/section-form';

/** Several groups of one grade at once ("A, B" in 1° → "1° A", "1° B"). */
export function AddSectionsForm({
  schoolId,
  level,
}: {
  schoolId: string;
  level: LevelWithSections;
}) {
  const [add, { isLoading }] = useAddSectionsMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<AddSectionsFormValues>({
    resolver: zodResolver(addSectionsFormSchema),
    defaultValues: { grade: '', groups: '', capacity: '' },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await add({
        school_id: schoolId,
        level_id: level.id,
        grade: Number(values.grade),
        groups: splitGroups(values.groups),
        capacity: capacityOf(values.capacity),
      }).unwrap();
      reset();
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <FormColumn onSubmit={submit} noValidate aria-label={`Agregar grupos de ${level.name}`}>
      <FormRow>
        <FieldLabel>
          Grado
          <Select {...register('grade')} aria-invalid={errors.grade ? true : undefined}>
            <option value="">Elige…</option>
            {level.grades.map((g) => (
              <option key={g} value={g}>
                {g}°
              </option>
            ))}
          </Select>
        </FieldLabel>
        <TextField
          label="Grupos"
          hint="Separados por comas, por ejemplo A, B"
          error={errors.groups?.message ?? null}
          {...register('groups')}
        />
        <TextField
          label="Cupo (opcional)"
          inputMode="numeric"
          error={errors.capacity?.message ?? null}
          {...register('capacity')}
        />
      </FormRow>
      {errors.grade && <FormError>{errors.grade.message}</FormError>}
      {serverError && <FormError>{serverError}</FormError>}
      <Button type="submit" disabled={isLoading}>
        Agregar grupos
      </Button>
    </FormColumn>
  );
}
