import { z } from 'zod';
import { anyone, familyOnly, familyOrStaff } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import { guardianMeSchema, portalFeaturesSchema } from '@cuota/contracts/enrolment/responses';
import { remotesResponseSchema } from '../shell/remotes';
import { authUrlResponseSchema, clientLogSchema, sessionResponseSchema } from './auth-api';
import { csrfTokenResponseSchema } from './auth-responses';

/**
 * The BFF's endpoints that every page calls (where the remotes are, session, CSRF token,
 * sign-out, error log, the guardian's features and guardian.me), apart from endpoints.ts so the
 * first screen does not instantiate the schemas of every other identity endpoint (ADR 0025).
 * endpoints.ts re-exports them and lists them in IDENTITY_ENDPOINTS.
 */
export const bff = { servedByBff: true, spec: 'spec' } as const;
export const auth = { ...bff, domain: 'identity', surface: 'auth' } as const;

/** Auth.js's form posts: csrfToken, callbackUrl, json flag and the provider's fields. */
export const authForm = z.looseObject({
  csrfToken: z.string().optional(),
  callbackUrl: z.string().optional(),
  json: z.union([z.string(), z.boolean()]).optional(),
});

/** tRPC procedures over HTTP (batched; the path is one procedure's, under TRPC_PATH). */
export const trpc = { ...bff, surface: 'portal' } as const;
export const TRPC_PATH = '/api/trpc';

export const remotes = defineEndpoint({
  ...bff,
  name: 'shell.remotes',
  method: 'GET',
  path: '/api/remotes',
  domain: 'identity',
  surface: 'portal',
  spec: { capability: 'El shell carga las aplicaciones remotas desde sus manifiestos (ADR 0010).' },
  access: anyone(),
  summary: 'Manifiestos de las aplicaciones remotas',
  response: remotesResponseSchema,
});

export const getSession = defineEndpoint({
  ...auth,
  name: 'identity.auth.session',
  method: 'GET',
  path: '/api/auth/session',
  access: anyone(),
  summary: 'La sesión actual ({} sin sesión, como Auth.js)',
  response: z.union([sessionResponseSchema, z.object({}), z.null()]),
});

export const getCsrfToken = defineEndpoint({
  ...auth,
  name: 'identity.auth.csrf',
  method: 'GET',
  path: '/api/auth/csrf',
  access: anyone(),
  summary: 'El token CSRF de la sesión',
  response: csrfTokenResponseSchema,
});

export const signOut = defineEndpoint({
  ...auth,
  name: 'identity.auth.signout',
  method: 'POST',
  path: '/api/auth/signout',
  access: anyone(),
  summary: 'Cerrar sesión',
  body: authForm,
  bodyType: 'form',
  response: authUrlResponseSchema,
});

export const clientLog = defineEndpoint({
  ...auth,
  name: 'identity.auth.log',
  method: 'POST',
  path: '/api/auth/_log',
  access: anyone(),
  summary: 'Registrar un error del navegador',
  body: clientLogSchema,
  // Auth.js's logger posts a form (sendBeacon); JSON is taken too.
  bodyType: 'form',
  status: 204,
  produces: 'none',
});

export const featuresToggle = defineEndpoint({
  ...trpc,
  name: 'trpc.guardian.featuresToggle',
  method: 'GET',
  path: `${TRPC_PATH}/guardian.featuresToggle`,
  domain: 'identity',
  access: familyOrStaff('member'),
  summary: 'tRPC: funciones activas para el usuario',
  response: portalFeaturesSchema,
});

export const guardianMe = defineEndpoint({
  ...trpc,
  name: 'trpc.guardian.me',
  method: 'GET',
  path: `${TRPC_PATH}/guardian.me`,
  domain: 'enrolment',
  access: familyOnly(),
  summary: 'tRPC: el tutor con sus dependientes',
  response: guardianMeSchema,
});
