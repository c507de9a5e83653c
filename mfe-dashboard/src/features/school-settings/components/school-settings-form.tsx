import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import type { SchoolDetail } from '@cuota/contracts/enrolment/schools';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FieldLabel, FormColumn, FormError } from '@cuota/ui/form-pieces';
import { useUpdateSchoolMutation } from '../api/school-settings-api';
import {
  formValuesOf,
  logoProblem,
  schoolFormSchema,
  toFormData,
  type SchoolFormValues,
} from '../utils/school-form';

const Preview = styled.img`
  max-width: 160px;
  max-height: 160px;
  object-fit: contain;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
`;

const Switch = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  font-weight: 600;
`;

/** Shows the chosen file before upload; the object URL is released when it changes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** The school's data, fiscal data, contact, the Kushki sandbox switch and the logo. */
export function SchoolSettingsForm({
  school,
  canEdit,
}: {
  school: SchoolDetail;
  canEdit: boolean;
}) {
  const [update, { isLoading }] = useUpdateSchoolMutation();
  const [saved, setSaved] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const preview = useObjectUrl(logo) ?? school.logo_url;
  const { register, handleSubmit, formState } = useForm<SchoolFormValues>({
    resolver: zodResolver(schoolFormSchema),
    defaultValues: formValuesOf(school),
  });
  const errorOf = (field: keyof SchoolFormValues) => formState.errors[field]?.message ?? null;

  const chooseLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file && logoProblem(file);
    setLogoError(problem);
    setLogo(problem ? null : file);
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    setSaved(false);
    try {
      await update({ schoolId: school.id, form: toFormData(values, logo) }).unwrap();
      setLogo(null);
      setSaved(true);
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  const text = (field: keyof SchoolFormValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      error={errorOf(field)}
      disabled={!canEdit}
      {...register(field)}
      {...extra}
    />
  );

  return (
    <FormColumn onSubmit={submit} noValidate aria-label="Datos de la escuela">
      <Card title="Escuela">
        {text('name', 'Nombre')}
        {preview && <Preview src={preview} alt="Logo de la escuela" />}
        <FieldLabel>
          Logo (PNG, JPEG o WebP, hasta 2 MB)
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={!canEdit}
            onChange={chooseLogo}
          />
        </FieldLabel>
        {logoError && <FormError>{logoError}</FormError>}
      </Card>
      <Card title="Datos fiscales">
        {text('legal_name', 'Razón social')}
        {text('tax_id', 'RFC', { autoCapitalize: 'characters' })}
        {text('tax_regime', 'Régimen fiscal', { hint: 'Código del SAT, de 601 a 630.' })}
        {text('tax_zip_code', 'Código postal fiscal', { inputMode: 'numeric' })}
      </Card>
      <Card title="Contacto">
        {text('contact_email', 'Correo de contacto', { type: 'email' })}
        {text('contact_phone', 'Teléfono', { type: 'tel' })}
        {text('address', 'Dirección')}
      </Card>
      <Card title="Pagos">
        <Switch>
          <input
            type="checkbox"
            role="switch"
            disabled={!canEdit}
            {...register('use_kushki_sandbox')}
          />
          Usar el entorno de pruebas de Kushki
        </Switch>
      </Card>
      {serverError && <FormError>{serverError}</FormError>}
      {saved && <p role="status">Guardamos los datos de la escuela.</p>}
      {canEdit && (
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Guardando…' : 'Guardar cambios'}
        </Button>
      )}
    </FormColumn>
  );
}
