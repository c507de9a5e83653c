import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createAdminSchema, type CreatedAdmin } from '@cuota/contracts/enrolment/staff';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import type { z } from 'zod';
import { FieldLabel, FormColumn, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { STAFF_ROLE_LABELS } from '@cuota/contracts/enrolment/entities';
import { formatInstant } from '@cuota/ui/dates';
import { useCreateAdminMutation } from '../api/staff-api';
import { assignableRoles, type StaffActor } from '../utils/staff-rules';

const newAdminSchema = createAdminSchema.pick({ name: true, email: true, role: true });
type NewAdmin = z.infer<typeof newAdminSchema>;

/** Adds a member: nombre, correo and rol; a new user gets a one-time invitation code. */
export function CreateAdminForm({ schoolId, actor }: { schoolId: string; actor: StaffActor }) {
  const [create, { isLoading }] = useCreateAdminMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedAdmin | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<NewAdmin>({
    resolver: zodResolver(newAdminSchema),
    defaultValues: { name: '', email: '', role: 'OTHER' },
  });
  const errorOf = (field: keyof NewAdmin) => formState.errors[field]?.message ?? null;

  const submit = handleSubmit(async (admin) => {
    setServerError(null);
    try {
      setCreated(await create({ schoolId, admin }).unwrap());
      reset();
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <Card title="Agregar personal">
      <FormColumn onSubmit={submit} noValidate aria-label="Agregar personal">
        <FormRow>
          <TextField label="Nombre" error={errorOf('name')} {...register('name')} />
          <TextField label="Correo" type="email" error={errorOf('email')} {...register('email')} />
          <FieldLabel>
            Rol
            <Select {...register('role')}>
              {assignableRoles(actor).map((role) => (
                <option key={role} value={role}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
          </FieldLabel>
        </FormRow>
        {serverError && <FormError>{serverError}</FormError>}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Agregando…' : 'Agregar'}
        </Button>
      </FormColumn>
      {created && <CreatedNotice created={created} />}
    </Card>
  );
}

/**
 * The invitation is e-mailed to the member (ADR 0013); its code is also shown once, in case
 * the mail does not arrive (enrolment keeps only its hash).
 */
function CreatedNotice({ created }: { created: CreatedAdmin }) {
  const { admin, invitation } = created;
  if (!invitation)
    return (
      <p role="status">
        {admin.name} ya tenía cuenta en Cuota: ahora también forma parte de esta escuela.
      </p>
    );
  const expires = formatInstant(invitation.expires_at);
  return (
    <p role="status">
      Agregamos a {admin.name} y le enviamos a {admin.email} un correo con el enlace para crear su
      contraseña (vence el {expires}). Si no le llega, comparte este código de invitación (no lo
      volveremos a mostrar): <code>{invitation.token}</code>
    </p>
  );
}
