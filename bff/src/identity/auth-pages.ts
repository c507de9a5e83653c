import { SIGN_IN_ERROR_CODES } from '@cuota/contracts/identity/auth-api';
import type { authErrorPage, signInPage } from '@cuota/contracts/identity/endpoints';
import type { BffConfig } from '../config/bff-config';
import type { BffHandler } from '../http/bff-endpoints';
import { callbackUrlOf } from '../security/callback-url';
import { guardianLoginPage, STAFF_LOGIN_PAGE } from './auth-providers';

/**
 * GET /api/auth/signin (Auth.js's built-in page): Cuota's sign-in pages are in the SPA, one
 * for a guardian link, one for staff; the callbackUrl says which.
 */
export function signInPageRedirect(config: BffConfig): BffHandler<typeof signInPage> {
  return ({ req, res, query }) => {
    const callbackUrl = callbackUrlOf(req, config.siteOrigins, '/', query.callbackUrl ?? '/');
    const hash = callbackUrl && /^\/guardians\/([^/]+)/.exec(new URL(callbackUrl).pathname)?.[1];
    const target = new URL(hash ? guardianLoginPage(hash) : STAFF_LOGIN_PAGE, config.publicUrl);
    if (callbackUrl) target.searchParams.set('callbackUrl', callbackUrl);
    if (query.error !== undefined) target.searchParams.set('error', query.error);
    res.redirect(302, target.toString());
  };
}

const MESSAGES: Record<string, string> = {
  CredentialsSignin: 'El código o la contraseña no son correctos.',
  CodeLocked: 'Escribiste un código incorrecto demasiadas veces. Pide un código nuevo.',
  RateLimited: 'Hubo demasiados intentos. Espera unos minutos e intenta de nuevo.',
  SessionRequired: 'Inicia sesión para ver esta página.',
  INVALID_CALLBACK_URL_ERROR: 'La dirección a la que querías volver no pertenece a Cuota.',
  CALLBACK_CREDENTIALS_HANDLER_ERROR:
    'No pudimos revisar tus datos. Intenta de nuevo en unos minutos.',
};

/** GET /api/auth/error?error=…: a plain Spanish page with a way back. */
export const authErrorPageHandler: BffHandler<typeof authErrorPage> = ({ res, query }) => {
  const code = query.error ?? '';
  const known = (SIGN_IN_ERROR_CODES as readonly string[]).includes(code);
  const message = (known && MESSAGES[code]) || 'No pudimos iniciar tu sesión.';
  res
    .status(400)
    .type('html')
    .send(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>No pudimos iniciar tu sesión · Cuota</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>No pudimos iniciar tu sesión</h1><p>${message}</p><p><a href="/">Volver al inicio</a></p></body></html>`,
    );
};
