import { z } from 'zod';
import { anyone } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import { tokenPairSchema } from './bearer-token-endpoints';
import { sessionUserSchema } from './session';
import { auth } from '@cuota/contracts/identity/shell-endpoints';
import { staffSignInSchema, verifyCodeSchema } from '@cuota/contracts/identity/sign-in';

/**
 * The app's sign-ins (ADR 0038, addendum): the app shows the portal in a webview and keeps a
 * token pair instead of a cookie.
 */

/** Staff: e-mail and password; a guardian: the e-mailed code. Told apart by their fields. */
export const appSignInSchema = z.union([staffSignInSchema, verifyCodeSchema], {
  error: 'Envía tu correo y contraseña, o el código que te enviamos por correo.',
});
export type AppSignIn = z.infer<typeof appSignInSchema>;

/** A token pair and who signed in, so the app greets them without another call. */
export const appSignInResultSchema = z.strictObject({
  ...tokenPairSchema.shape,
  user: sessionUserSchema.pick({ kind: true, name: true }),
});

export const appLogin = defineEndpoint({
  ...auth,
  name: 'identity.app.login',
  method: 'POST',
  path: '/auth/api/app/auth/login/',
  access: anyone(),
  summary: 'Inicio de sesión de la app (personal: correo y contraseña; tutores: código)',
  body: appSignInSchema,
  response: appSignInResultSchema,
});

/** An OpenID Connect provider's id in the BFF's configuration (OIDC_PROVIDERS). */
export const externalProviderSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,30}$/, 'Elige un proveedor de identidad válido.');

export const externalSignInSchema = z.strictObject({
  guardian_hash: z.string().min(16).max(128),
  provider: externalProviderSchema,
  /** The provider's ID token (a JWT), as its SDK handed it to the app. */
  id_token: z.string().min(20, 'Falta el token del proveedor.').max(8000),
});
export type ExternalSignIn = z.infer<typeof externalSignInSchema>;

export const guardianExternalAuth = defineEndpoint({
  ...auth,
  name: 'identity.token.guardian-external',
  method: 'POST',
  path: '/api/v1/guardians/external_auth/',
  access: anyone(),
  summary:
    'Inicio de sesión de tutores con un proveedor externo (Google, Apple): el token de identidad da un token',
  body: externalSignInSchema,
  response: appSignInResultSchema,
});

export const APP_SIGN_IN_ENDPOINTS = [appLogin, guardianExternalAuth] as const;
