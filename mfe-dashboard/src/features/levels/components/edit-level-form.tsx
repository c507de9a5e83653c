import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LevelWithSections } from '@cuota/contracts/enrolment/levels';
import { Button } from '@cuota/ui/button';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { useUpdateLevelMutation } from '../api/levels-api';
import { levelFormSchema, type LevelFormValues } from '../utils/level-form';

interface Props {
  schoolId: string;
  level: LevelWithSections;
  onDone: () => void;
}

/** Renames a level and switches it on or off (an inactive level leaves the public pickers). */
export function EditLevelForm({ schoolId, level, onDone }: Props) {
  const [update, { isLoading }] = useUpdateLevelMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LevelFormValues>({
    resolver: zodResolver(levelFormSchema),
    defaultValues: { name: level.name, active: level.active },
  });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const changes = {
      ...(values.name !== level.name ? { name: values.name } : {}),
      ...(values.active !== level.active ? { active: values.active } : {}),
    };
    if (Object.keys(changes).length === 0) return onDone();
    try {
      await update({ schoolId, id: level.id, changes }).unwrap();
      onDone();
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <FormColumn onSubmit={submit} noValidate aria-label={`Editar nivel ${level.name}`}>
      <TextField
        label="Nombre del nivel"
        error={formState.errors.name?.message ?? null}
        {...register('name')}
      />
      <label>
        <input type="checkbox" {...register('active')} /> Activo (aparece en la tienda y el registro
        de familias)
      </label>
      {serverError && <FormError>{serverError}</FormError>}
      <FormRow>
        <Button type="submit" disabled={isLoading}>
          Guardar nivel
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </FormRow>
    </FormColumn>
  );
}
