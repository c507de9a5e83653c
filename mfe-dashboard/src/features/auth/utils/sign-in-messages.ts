import type { SignInError } from '@cuota/contracts/identity/auth-responses';

const MESSAGES: Partial<Record<SignInError, string>> = {
  CredentialsSignin: 'El correo electrónico o la contraseña no son correctos.',
  RateLimited: 'Demasiados intentos seguidos. Espera unos minutos e intenta de nuevo.',
};

/** Spanish for the `error` of a failed staff sign-in. */
export function signInMessage(error: string | null): string {
  return (
    (error && MESSAGES[error as SignInError]) || 'No pudimos iniciar tu sesión. Intenta de nuevo.'
  );
}
