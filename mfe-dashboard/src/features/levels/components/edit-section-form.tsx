import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LevelWithSections, Section } from '@cuota/contracts/enrolment/levels';
import { Button } from '@cuota/ui/button';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FieldLabel, FormColumn, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { useUpdateSectionMutation } from '../api/levels-api';
import {
  capacityOf,
  editSectionFormSchema,
  readSectionName,
  type EditSectionFormValues,
} from '../utils/section-form';

interface Props {
  schoolId: string;
  level: LevelWithSections;
  section: Section;
  onDone: () => void;
}

/** Edits one group through the form's shape (grade + group), so its name stays "1° A". */
export function EditSectionForm({ schoolId, level, section, onDone }: Props) {
  const [update, { isLoading }] = useUpdateSectionMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<EditSectionFormValues>({
    resolver: zodResolver(editSectionFormSchema),
    defaultValues: {
      ...readSectionName(section.name, section.grade),
      capacity: section.capacity === null ? '' : String(section.capacity),
    },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await update({
        schoolId,
        id: section.id,
        form: {
          level_id: level.id,
          grade: Number(values.grade),
          group: values.group,
          capacity: capacityOf(values.capacity),
        },
      }).unwrap();
      onDone();
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <FormColumn onSubmit={submit} noValidate aria-label={`Editar ${section.name}`}>
      <FormRow>
        <FieldLabel>
          Grado
          <Select {...register('grade')}>
            <option value="">Elige…</option>
            {level.grades.map((g) => (
              <option key={g} value={g}>
                {g}°
              </option>
            ))}
          </Select>
        </FieldLabel>
        <TextField label="Grupo" error={errors.group?.message ?? null} {...register('group')} />
        <TextField
          label="Cupo"
          inputMode="numeric"
          error={errors.capacity?.message ?? null}
          {...register('capacity')}
        />
      </FormRow>
      {errors.grade && <FormError>{errors.grade.message}</FormError>}
      {serverError && <FormError>{serverError}</FormError>}
      <FormRow>
        <Button type="submit" disabled={isLoading}>
          Guardar grupo
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </FormRow>
    </FormColumn>
  );
}
