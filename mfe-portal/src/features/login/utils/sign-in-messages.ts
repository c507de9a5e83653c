import { SIGN_IN_ERRORS, type SignInError } from '@cuota/contracts/identity/auth-responses';

const MESSAGES: Record<SignInError, string> = {
  CredentialsSignin: 'El código no es válido o ya expiró.',
  CodeLocked: 'Demasiados intentos. Solicita un código nuevo.',
  RateLimited: 'Demasiados intentos seguidos. Espera unos minutos e intenta de nuevo.',
};

const isKnown = (error: string): error is SignInError =>
  (SIGN_IN_ERRORS as readonly string[]).includes(error);

/** Spanish for the `error` of a failed guardian sign-in. */
export function signInMessage(error: string | null): string {
  if (error && isKnown(error)) return MESSAGES[error];
  return 'No pudimos iniciar tu sesión. Intenta de nuevo.';
}
