import { z } from 'zod';
import { sessionSchema } from './session';

/**
 * More of the BFF's Auth.js-shaped API (/api/auth/*), beside auth-responses.ts (csrf, the
 * `{ url }` answer) and guardian-login.ts (the portal's code sign-in answers).
 */

/** GET /api/auth/providers: one entry per provider id. */
export const authProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('credentials'),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});
export const authProvidersSchema = z.record(z.string(), authProviderSchema);
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * Every `?error=` code the BFF may put in an Auth.js `{ url }` answer (a superset of
 * auth-responses.ts's SIGN_IN_ERRORS, which the sign-in pages explain): a wrong or
 * expired code or password, a code locked after too many tries, too many attempts, a
 * callbackUrl on another site, a page that needs a session, a sign-in that could not be
 * checked (a service down).
 */
export const SIGN_IN_ERROR_CODES = [
  'CredentialsSignin',
  'CodeLocked',
  'RateLimited',
  'INVALID_CALLBACK_URL_ERROR',
  'SessionRequired',
  'CALLBACK_CREDENTIALS_HANDLER_ERROR',
] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

/**
 * POST /api/auth/signin|callback/{provider} and /api/auth/signout: `url` is where to go
 * (the callbackUrl on success; a URL with `?error=<SignInErrorCode>` on failure). A failure
 * also carries the Spanish `error` every BFF error has.
 */
export const authUrlResponseSchema = z.object({
  url: z.string(),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    })
    .optional(),
});
export type AuthUrlResponse = z.infer<typeof authUrlResponseSchema>;

/** POST /api/auth/session body (Auth.js `update(data)`); no `data` just refreshes. */
export const sessionUpdateSchema = z.strictObject({
  csrfToken: z.string().optional(),
  data: z
    .strictObject({ selected_school_id: z.string().min(1).max(100).nullable().optional() })
    .optional(),
});
export type SessionUpdate = z.infer<typeof sessionUpdateSchema>;

/**
 * GET/POST /api/auth/session when signed in: the Session plus the selected school
 * (null until the user picks one). Signed out, GET answers `{}` as NextAuth v4 does
 * (its client reads `null` as a failed fetch).
 */
export const sessionResponseSchema = sessionSchema.extend({
  selected_school_id: z.string().nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/auth/_log (form or JSON): a client-side log line. */
export const CLIENT_LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export const clientLogSchema = z.strictObject({
  csrfToken: z.string().optional(),
  level: z.enum(CLIENT_LOG_LEVELS),
  code: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  message: z.string().max(2000).optional(),
  name: z.string().max(200).optional(),
  stack: z.string().max(4000).optional(),
  url: z.string().max(2000).optional(),
  client: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
export type ClientLog = z.infer<typeof clientLogSchema>;
