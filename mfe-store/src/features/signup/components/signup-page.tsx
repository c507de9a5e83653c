import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LevelOption } from '@cuota/contracts/enrolment/levels';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { FieldGrid, FieldLabel, FormColumn, FormError, Select } from '@cuota/ui/form-pieces';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { TextField } from '@cuota/ui/text-field';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useSchoolLevelsQuery, useSignUpFamilyMutation } from '../../../api/signup-api';
import {
  emptyChild,
  emptySignup,
  MAX_CHILDREN,
  signupFormSchema,
  toSchoolSignup,
  type SignupFormValues,
} from '../utils/signup-form';

export interface SignupPageProps {
  schoolId: string;
  /** Null while the school's public face loads. */
  schoolName: string | null;
}

/** The school's answer; focus moves to it so the family hears the form went through. */
function Received({ message }: { message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card>
      <h2 ref={heading} tabIndex={-1}>
        ¡Listo!
      </h2>
      <p role="status">{message}</p>
    </Card>
  );
}

/** /store/:schoolId/registro: a family asks the school for a place, signed out. */
export function SignupPage({ schoolId, schoolName }: SignupPageProps) {
  const levels = useSchoolLevelsQuery(schoolId);
  const [received, setReceived] = useState<string | null>(null);

  return (
    <Page title="Registro de alumnos nuevos" narrow>
      {levels.isLoading && <Spinner label="Cargando la escuela…" />}
      {levels.isError && (
        <EmptyState
          title="Esta escuela no recibe registros en línea"
          description="Revisa el enlace o comunícate con la escuela."
        />
      )}
      {received && <Received message={received} />}
      {levels.data && !received && (
        <SignupForm
          schoolId={schoolId}
          schoolName={schoolName}
          levels={levels.data}
          onReceived={setReceived}
        />
      )}
    </Page>
  );
}

function SignupForm({
  schoolId,
  schoolName,
  levels,
  onReceived,
}: {
  schoolId: string;
  schoolName: string | null;
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
      <p>
        {schoolName
          ? `Solicita un lugar en ${schoolName}: déjanos tus datos y los de tus hijos, y la escuela te contactará para continuar.`
          : 'Déjanos tus datos y los de tus hijos; la escuela te contactará para continuar.'}
      </p>
      <Card title="Tus datos">
        <FieldGrid>
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
        </FieldGrid>
      </Card>
      {children.fields.map((field, index) => (
        <Card key={field.id} title={`Alumno ${index + 1}`}>
          <FieldGrid>
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
          </FieldGrid>
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
        <input type="checkbox" {...register('privacy_accepted')} /> Acepto el{' '}
        <UtmLink
          to={`/store/${encodeURIComponent(schoolId)}/aviso-de-privacidad`}
          target="_blank"
          rel="noopener"
        >
          aviso de privacidad
          <VisuallyHidden> (se abre en otra pestaña)</VisuallyHidden>
        </UtmLink>{' '}
        {schoolName ? `de ${schoolName}` : 'de la escuela'}.
      </label>
      {errors.privacy_accepted && <FormError>{errors.privacy_accepted.message}</FormError>}
      {serverError && <FormError>{serverError}</FormError>}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Enviando…' : 'Enviar registro'}
      </Button>
    </FormColumn>
  );
}
