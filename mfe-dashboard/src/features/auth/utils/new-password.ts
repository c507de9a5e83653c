import { STAFF_PASSWORD_MIN_LENGTH } from '@cuota/contracts/enrolment/staff-users';

/** What the browser can tell of a new password before asking the BFF (both check again). */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    return `La contraseña debe tener al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`;
  if (password !== confirmation) return 'Las contraseñas no coinciden.';
  return null;
}
