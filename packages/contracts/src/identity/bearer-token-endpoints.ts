import { z } from 'zod';
import { anyone, familyOrStaff } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import { auth } from '@cuota/contracts/identity/shell-endpoints';
import { staffSignInSchema, verifyCodeSchema } from '@cuota/contracts/identity/sign-in';

/** A token sign-in's answer (ADR 0038): use `access` as `Authorization: Bearer`. */
export const tokenPairSchema = z.strictObject({
  access: z.string().min(1),
  refresh: z.string().min(1),
  token_type: z.literal('Bearer'),
  /** Seconds the access token is good for; refresh before then. */
  expires_in: z.number().int().positive(),
});

const refreshBody = z.strictObject({ refresh: z.string().min(1).max(200) });

export const createToken = defineEndpoint({
  ...auth,
  name: 'identity.token.create',
  method: 'POST',
  path: '/auth/token/',
  access: anyone(),
  summary: 'Crear un token de acceso (correo y contraseña del personal)',
  body: staffSignInSchema,
  response: tokenPairSchema,
});

export const staffApiToken = defineEndpoint({
  ...auth,
  name: 'identity.token.staff',
  method: 'POST',
  path: '/auth/api-token-auth/staff/',
  access: anyone(),
  summary: 'Token de acceso del personal',
  body: staffSignInSchema,
  response: z.strictObject({ token: z.string().min(1) }),
});

export const refreshToken = defineEndpoint({
  ...auth,
  name: 'identity.token.refresh',
  method: 'POST',
  path: '/auth/token/refresh/',
  access: anyone(),
  summary: 'Renovar un token (el de renovación se reemplaza)',
  body: refreshBody,
  response: tokenPairSchema,
});

export const verifyToken = defineEndpoint({
  ...auth,
  name: 'identity.token.verify',
  method: 'POST',
  path: '/auth/token/verify/',
  access: anyone(),
  summary: 'Verificar un token de acceso',
  body: z.strictObject({ token: z.string().min(1).max(4000) }),
  response: z.strictObject({
    valid: z.literal(true),
    /** Seconds since the epoch. */
    expires_at: z.number().int(),
    issued_at: z.number().int(),
  }),
});

export const logoutToken = defineEndpoint({
  ...auth,
  name: 'identity.token.logout',
  method: 'POST',
  path: '/auth/token/logout/',
  access: anyone(),
  summary: 'Cerrar la sesión de un token',
  body: refreshBody,
  response: z.strictObject({ detail: z.string() }),
});

export const guardianApiSignIn = defineEndpoint({
  ...auth,
  name: 'identity.token.guardian',
  method: 'POST',
  path: '/api/v1/guardians/auth/',
  access: anyone(),
  summary: 'Inicio de sesión de tutores (API): el código enviado por correo da un token',
  body: verifyCodeSchema,
  response: tokenPairSchema,
});

export const exchangeToken = defineEndpoint({
  ...auth,
  name: 'identity.token.exchange',
  method: 'POST',
  path: '/auth/token/exchange/',
  access: familyOrStaff('member'),
  summary: 'Intercambiar la sesión del navegador por un token (una app que toma el relevo)',
  response: tokenPairSchema,
});

export const BEARER_TOKEN_ENDPOINTS = [
  createToken,
  guardianApiSignIn,
  exchangeToken,
  staffApiToken,
  refreshToken,
  verifyToken,
  logoutToken,
] as const;
