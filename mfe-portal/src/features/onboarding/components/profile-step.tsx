import { useForm } from 'react-hook-form';
import type { GuardianDetail } from '@cuota/contracts/enrolment/guardian-profile';
import { FieldGrid } from '@cuota/ui/form-pieces';
import { TextField } from '@cuota/ui/text-field';
import { useSaveGuardianMutation } from '../api/registration-api';
import { orNull, stageAfter, STEP_TITLES } from '../utils/registration-steps';
import { useServerErrors } from '../utils/use-server-errors';
import { StepCard, type StepMode } from './step-card';

const FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export interface StepProps {
  guardian: GuardianDetail;
  mode: StepMode;
  onSaved: (guardian: GuardianDetail) => void;
  onBack?: () => void;
}

/** PROFILE: name, e-mail and phone, so the school can reach the family. */
export function ProfileStep({ guardian, mode, onSaved, onBack }: StepProps) {
  const [save, { isLoading }] = useSaveGuardianMutation();
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: {
      first_name: guardian.first_name,
      last_name: guardian.last_name,
      email: guardian.email ?? '',
      phone: guardian.phone ?? '',
    },
  });
  const server = useServerErrors(FIELDS, setError);
  const errorOf = (field: keyof Values) => formState.errors[field]?.message ?? null;

  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      const changes = {
        first_name: values.first_name,
        last_name: values.last_name,
        email: orNull(values.email),
        phone: orNull(values.phone),
        ...(mode === 'step' ? { onboarding_stage: stageAfter('PROFILE') } : {}),
      };
      onSaved(await save({ id: guardian.id, changes }).unwrap());
    } catch (failure) {
      server.show(failure);
    }
  });

  return (
    <StepCard
      title={STEP_TITLES.PROFILE}
      mode={mode}
      onSubmit={submit}
      saving={isLoading}
      error={server.message}
      onBack={onBack}
    >
      <FieldGrid>
        <TextField
          label="Nombre"
          autoComplete="given-name"
          error={errorOf('first_name')}
          {...register('first_name')}
        />
        <TextField
          label="Apellidos"
          autoComplete="family-name"
          error={errorOf('last_name')}
          {...register('last_name')}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          hint="Aquí te llegan tus códigos de acceso, recibos y facturas."
          error={errorOf('email')}
          {...register('email')}
        />
        <TextField
          label="Teléfono celular"
          type="tel"
          autoComplete="tel"
          hint="10 dígitos."
          error={errorOf('phone')}
          {...register('phone')}
        />
      </FieldGrid>
    </StepCard>
  );
}
