import type { SignInErrorCode } from '@cuota/contracts/identity/auth-api';

/** A sign-in that did not happen, with the Auth.js code and the Spanish reason. */
export class SignInError extends Error {
  readonly reason: SignInErrorCode;
  readonly status: number;
  constructor(reason: SignInErrorCode, status: number, message: string) {
    super(message);
    this.reason = reason;
    this.status = status;
  }
}

export const wrongCode = (attemptsLeft?: number) =>
  new SignInError(
    'CredentialsSignin',
    401,
    attemptsLeft === undefined
      ? 'El código no es correcto o ya expiró. Pide un código nuevo.'
      : `El código no es correcto. Te quedan ${attemptsLeft} ${attemptsLeft === 1 ? 'intento' : 'intentos'}.`,
  );

export const codeLocked = () =>
  new SignInError(
    'CodeLocked',
    401,
    'Escribiste un código incorrecto demasiadas veces. Pide un código nuevo.',
  );

export const wrongPassword = () =>
  new SignInError('CredentialsSignin', 401, 'El correo o la contraseña no son correctos.');

export const invalidCallbackUrl = () =>
  new SignInError(
    'INVALID_CALLBACK_URL_ERROR',
    400,
    'La dirección a la que quieres volver no pertenece a Cuota.',
  );
