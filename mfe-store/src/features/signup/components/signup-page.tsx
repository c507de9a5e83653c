import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LevelOption } from '@cuota/contracts/enrolment/levels';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { FieldLabel, FormColumn, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { PageLayout } from '@cuota/ui/page-layout';
import { Spinner } from '@cuota/ui/spinner';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useSchoolLevelsQuery, useSignUpFamilyMutation } from '../api/signup-api';
import {
  emptyChild,
  emptySignup,
  MAX_CHILDREN,
  signupFormSchema,
  toSchoolSignup,
  type SignupFormValues,
} from '../utils/signup-form';

/** /store/:schoolId/registro: a family asks the school for a place, signed out. */
export function SignupPage() {
  const { schoolId = '' } = useParams();
  const levels = useSchoolLevelsQuery(schoolId);
  const [received, setReceived] = useState<string | null>(null);

  return (
    <PageLayout title="Registro de alumnos nuevos" brand="Cuota · Tienda escolar">
      {levels.isLoading && <Spinner label="Cargando la escuela…" />}
      {levels.isError && (
        <EmptyState
          title="Esta escuela no recibe registros en línea"
          description="Revisa el enlace o comunícate con la escuela."
        />
      )}
      {received && (
        <Card title="¡Listo!">
          <p role="status">{received}</p>
        </Card>
      )}
      {levels.data && !received && (
        <SignupForm schoolId={schoolId} levels={levels.data} onReceived={setReceived} />
      )}
    </PageLayout>
  );
}

function SignupForm({
  schoolId,
  levels,
  onReceived,
}: {
  schoolId: string;
  levels: LevelOption[];
  onReceived: (message: string) => void;
}) {
  const [signUp, { isLoading }] = useSignUpFamilyMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const firstLevel = levels[0]?.level ?? 'elementary';
  const { register, handleSubmit, formState, control } = useForm<SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: emptySignup(firstLevel),
  });
  const children = useFieldArray({ control, name: 'children' });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await signUp({ schoolId, body: toSchoolSignup(values) }).unwrap();
      onReceived(result.message);
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <FormColumn onSubmit={submit} noValidate aria-label="Registro de alumnos nuevos">
      <p>Déjanos tus datos y los de tus hijos; la escuela te contactará para continuar.</p>
      <Card title="Tus datos">
        <FormRow>
          <TextField
            label="Nombre"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Apellidos"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
          <TextField
            label="Correo electrónico"
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Teléfono (opcional)"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </FormRow>
      </Card>
      {children.fields.map((field, index) => (
        <Card key={field.id} title={`Alumno ${index + 1}`}>
          <FormRow>
            <TextField
              label={`Nombre del alumno ${index + 1}`}
              error={errors.children?.[index]?.first_name?.message}
              {...register(`children.${index}.first_name`)}
            />
            <TextField
              label={`Apellidos del alumno ${index + 1}`}
              error={errors.children?.[index]?.last_name?.message}
              {...register(`children.${index}.last_name`)}
            />
            <FieldLabel>
              {`Nivel del alumno ${index + 1}`}
              <Select {...register(`children.${index}.level`)}>
                {levels.map((level) => (
                  <option key={level.id} value={level.level}>
                    {level.label}
                  </option>
                ))}
              </Select>
            </FieldLabel>
            {children.fields.length > 1 && (
              <Button type="button" variant="secondary" onClick={() => children.remove(index)}>
                Quitar
              </Button>
            )}
          </FormRow>
        </Card>
      ))}
      {children.fields.length < MAX_CHILDREN && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => children.append(emptyChild(firstLevel))}
        >
          Agregar otro alumno
        </Button>
      )}
      <label>
        <input type="checkbox" {...register('privacy_accepted')} /> Acepto el aviso de privacidad de
        la escuela.
      </label>
      {errors.privacy_accepted && <FormError>{errors.privacy_accepted.message}</FormError>}
      {serverError && <FormError>{serverError}</FormError>}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Enviando…' : 'Enviar registro'}
      </Button>
    </FormColumn>
  );
}
