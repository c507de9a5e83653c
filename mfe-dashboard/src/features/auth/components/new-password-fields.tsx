import { STAFF_PASSWORD_MIN_LENGTH } from '@cuota/contracts/enrolment/staff-users';
import { TextField } from '@cuota/ui/text-field';

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}

/** A new password typed twice (invitation and password reset). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="Contraseña nueva"
        type="password"
        autoComplete="new-password"
        required
        minLength={STAFF_PASSWORD_MIN_LENGTH}
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
      />
      <TextField
        label="Confirma la contraseña"
        type="password"
        autoComplete="new-password"
        required
        value={props.confirmation}
        onChange={(event) => props.onConfirmation(event.target.value)}
      />
    </>
  );
}
