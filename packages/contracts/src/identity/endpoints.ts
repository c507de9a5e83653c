import { z } from 'zod';
import { anyone, familyOnly, familyOrStaff } from '@cuota/contracts/access/access';
import { defineEndpoint, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import {
  openNotificationInputSchema,
  verifyGuardiansInputSchema,
  verifyGuardiansResultSchema,
} from '../bff/guardian-rpc';
import {
  passwordResetRequestedSchema,
  redeemInvitationSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '../enrolment/staff-users';
import { portalFeaturesSchema } from '@cuota/contracts/enrolment/responses';
import {
  authProvidersSchema,
  authUrlResponseSchema,
  sessionResponseSchema,
  sessionUpdateSchema,
} from './auth-api';
import {
  auth,
  authForm,
  bff,
  clientLog,
  featuresToggle,
  getCsrfToken,
  getSession,
  guardianMe,
  remotes,
  signOut,
  trpc,
  TRPC_PATH,
} from '@cuota/contracts/identity/shell-endpoints';
import {
  guardianLoginInfoSchema,
  schoolLoginResultSchema,
  schoolLoginSchema,
  sendCodeResultSchema,
  UNKNOWN_GUARDIAN_LINK,
} from './guardian-login';
import { APP_SIGN_IN_ENDPOINTS } from './app-sign-in-endpoints';
import { BEARER_TOKEN_ENDPOINTS } from './bearer-token-endpoints';
import { identityJwks, identityPublicKey } from './token-key-endpoints';
import {
  sendCodeSchema,
  staffSignInSchema,
  verifyCodeSchema,
} from '@cuota/contracts/identity/sign-in';

/**
 * The endpoints the BFF answers itself: the Auth.js-shaped /api/auth/*, the portal's code
 * sign-in, staff sign-in, tRPC procedures and what the shell needs. Listed here so routing,
 * the spec check and the OpenAPI document know them like any other. The ones every page's
 * shell calls live in shell-endpoints.ts (ADR 0025) and are listed here too.
 */

export const getProviders = defineEndpoint({
  ...auth,
  name: 'identity.auth.providers',
  method: 'GET',
  path: '/api/auth/providers',
  access: anyone(),
  summary: 'Formas de iniciar sesión',
  response: authProvidersSchema,
});

export const signInPage = defineEndpoint({
  ...auth,
  name: 'identity.auth.signin-page',
  method: 'GET',
  path: '/api/auth/signin',
  spec: {
    capability: 'La página de inicio de sesión de Auth.js: lleva a la del portal o del personal.',
  },
  access: anyone(),
  summary: 'Redirige a la página de inicio de sesión (la del tutor o la del personal)',
  query: z.object({ callbackUrl: z.string().optional(), error: z.string().optional() }),
  produces: 'none',
});

export const authErrorPage = defineEndpoint({
  ...auth,
  name: 'identity.auth.error-page',
  method: 'GET',
  path: '/api/auth/error',
  spec: { capability: 'La página de error de Auth.js, a donde lleva un inicio de sesión fallido.' },
  access: anyone(),
  summary: 'Página que explica por qué no se pudo iniciar sesión',
  query: z.object({ error: z.string().optional() }),
  produces: 'html',
});

export const signIn = defineEndpoint({
  ...auth,
  name: 'identity.auth.signin',
  method: 'POST',
  path: '/api/auth/signin/{provider}',
  access: anyone(),
  summary: 'Iniciar sesión con un proveedor (formulario de Auth.js)',
  body: authForm,
  bodyType: 'form',
  response: authUrlResponseSchema,
});

export const signInCallback = defineEndpoint({
  ...auth,
  name: 'identity.auth.callback',
  method: 'POST',
  path: '/api/auth/callback/{provider}',
  access: anyone(),
  summary: 'Iniciar sesión con credenciales (código del tutor o contraseña del personal)',
  body: authForm,
  bodyType: 'form',
  response: authUrlResponseSchema,
});

export const updateSession = defineEndpoint({
  ...auth,
  name: 'identity.auth.session-update',
  method: 'POST',
  path: '/api/auth/session',
  access: familyOrStaff('member'),
  summary: 'Actualizar la sesión (escuela seleccionada)',
  body: sessionUpdateSchema,
  bodyType: 'form',
  response: z.union([sessionResponseSchema, z.object({})]),
});

export const guardianLinkLogin = defineEndpoint({
  ...auth,
  name: 'identity.guardian-login.link',
  method: 'POST',
  path: '/api/v1/guardians/login/',
  access: anyone(),
  summary: 'Para quién es la liga de acceso de un tutor',
  body: sendCodeSchema,
  response: guardianLoginInfoSchema,
});

export const guardianLinkInfo = defineEndpoint({
  ...auth,
  name: 'identity.guardian-login.info',
  method: 'GET',
  path: '/api/v1/guardians/login/{guardianHash}/',
  spec: { capability: 'La página de acceso muestra el nombre y el correo enmascarado del tutor.' },
  access: anyone(),
  summary: 'Nombre y correo enmascarado del tutor de una liga de acceso',
  response: guardianLoginInfoSchema,
  notFound: UNKNOWN_GUARDIAN_LINK,
});

export const sendGuardianCode = defineEndpoint({
  ...auth,
  name: 'identity.guardian-login.send-code',
  method: 'POST',
  path: '/api/v1/guardians/login/send_code/',
  access: anyone(),
  summary: 'Enviar un código de acceso al correo del tutor',
  body: sendCodeSchema,
  response: sendCodeResultSchema,
});

/**
 * The code e-mail with the sign-in link first: one tap on the link opens the login page with
 * the code in it (spec "Guardian magic-link POST"; path ours). Same limits as send_code.
 */
export const sendGuardianMagicLink = defineEndpoint({
  ...auth,
  name: 'identity.guardian-login.magic-link',
  method: 'POST',
  path: '/auth/guardians/magic-link/',
  access: anyone(),
  summary: 'Enviar al correo del tutor una liga que abre su cuenta con un toque',
  body: sendCodeSchema,
  response: sendCodeResultSchema,
});

export const guardianSchoolLogin = defineEndpoint({
  ...auth,
  name: 'identity.guardian-login.school',
  method: 'POST',
  path: '/api/v1/guardians/school_login/',
  access: anyone(),
  summary: 'Recuperar la liga de acceso desde la escuela: llega al correo del tutor',
  body: schoolLoginSchema,
  response: schoolLoginResultSchema,
});

export const verifyGuardianCode = defineEndpoint({
  ...auth,
  name: 'identity.guardian-login.verify-code',
  method: 'POST',
  path: '/api/v1/guardians/login/verify_code/',
  access: anyone(),
  summary: 'Iniciar sesión con el código recibido',
  body: verifyCodeSchema,
  response: z.union([sessionResponseSchema, z.object({})]),
});

export const staffPasswordSignIn = defineEndpoint({
  ...auth,
  name: 'identity.staff.auth',
  method: 'POST',
  path: '/api/v1/users/auth/',
  access: anyone(),
  summary: 'Iniciar sesión del personal con correo y contraseña',
  body: staffSignInSchema,
  response: z.union([sessionResponseSchema, z.object({})]),
});

export const redeemInvitation = defineEndpoint({
  ...auth,
  name: 'identity.staff.redeem-invitation',
  method: 'POST',
  path: '/api/auth/invitation',
  spec: { capability: 'Aceptar una invitación del personal y elegir contraseña (ADR 0013).' },
  access: anyone(),
  summary: 'Aceptar una invitación al personal de una escuela',
  body: redeemInvitationSchema,
  response: z.union([sessionResponseSchema, z.object({})]),
});

export const requestStaffPasswordReset = defineEndpoint({
  ...auth,
  name: 'identity.staff.request-password-reset',
  method: 'POST',
  path: '/api/auth/password-reset',
  spec: { capability: '«¿Olvidaste tu contraseña?»: un enlace por correo al personal.' },
  access: anyone(),
  summary: 'Pedir un enlace para elegir una contraseña nueva (misma respuesta para todo correo)',
  body: requestPasswordResetSchema,
  response: passwordResetRequestedSchema,
});

export const resetStaffPassword = defineEndpoint({
  ...auth,
  name: 'identity.staff.reset-password',
  method: 'POST',
  path: '/api/auth/password-reset/confirm',
  spec: {
    capability: 'La página del enlace: elegir la contraseña nueva, cerrar las otras sesiones.',
  },
  access: anyone(),
  summary: 'Elegir una contraseña nueva con el enlace del correo e iniciar sesión',
  body: resetPasswordSchema,
  response: z.union([sessionResponseSchema, z.object({})]),
});

export const portalFeatures = defineEndpoint({
  ...bff,
  name: 'identity.portal.features',
  method: 'GET',
  path: '/api/v1/portal/features/',
  domain: 'identity',
  surface: 'portal',
  access: familyOrStaff('member'),
  summary: 'Funciones del portal activas',
  response: portalFeaturesSchema,
});

export const openApiDocument = defineEndpoint({
  ...bff,
  name: 'docs.openapi',
  method: 'GET',
  path: '/api/openapi.json',
  domain: 'identity',
  surface: 'internal',
  spec: { capability: 'El documento OpenAPI 3.1 de todos los endpoints servidos.' },
  access: anyone(),
  summary: 'Documento OpenAPI 3.1 de la API',
  response: z.looseObject({ openapi: z.string() }),
});

export const apiReference = defineEndpoint({
  ...bff,
  name: 'docs.reference',
  method: 'GET',
  path: '/api/docs',
  domain: 'identity',
  surface: 'internal',
  spec: { capability: 'Página legible de la referencia de la API.' },
  access: anyone(),
  summary: 'Referencia de la API (página)',
  produces: 'html',
});

export const verifyGuardians = defineEndpoint({
  ...trpc,
  name: 'trpc.guardian.verifyGuardians',
  method: 'GET',
  path: `${TRPC_PATH}/guardian.verifyGuardians`,
  domain: 'invoicing',
  access: familyOnly(),
  summary: 'tRPC: validez del RFC de los tutores que facturan',
  query: z.object({ input: verifyGuardiansInputSchema.optional() }),
  response: verifyGuardiansResultSchema,
});

export const openNotification = defineEndpoint({
  ...trpc,
  name: 'trpc.guardian.openNotification',
  method: 'POST',
  path: `${TRPC_PATH}/guardian.openNotification`,
  domain: 'notifications',
  access: familyOnly(),
  summary: 'tRPC: marcar una notificación como abierta',
  body: openNotificationInputSchema,
});

export { clientLog, featuresToggle, getCsrfToken, getSession, guardianMe, remotes, signOut };

export const IDENTITY_ENDPOINTS: readonly AnyEndpoint[] = [
  getSession,
  getCsrfToken,
  getProviders,
  signInPage,
  authErrorPage,
  signIn,
  signInCallback,
  signOut,
  updateSession,
  clientLog,
  guardianLinkLogin,
  guardianLinkInfo,
  sendGuardianCode,
  sendGuardianMagicLink,
  guardianSchoolLogin,
  verifyGuardianCode,
  staffPasswordSignIn,
  redeemInvitation,
  requestStaffPasswordReset,
  resetStaffPassword,
  portalFeatures,
  remotes,
  openApiDocument,
  apiReference,
  featuresToggle,
  guardianMe,
  verifyGuardians,
  openNotification,
  identityPublicKey,
  identityJwks,
  ...BEARER_TOKEN_ENDPOINTS,
  ...APP_SIGN_IN_ENDPOINTS,
];
