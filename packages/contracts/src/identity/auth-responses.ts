import { z } from 'zod';

/** GET /api/auth/csrf (Auth.js shape). */
export const csrfTokenResponseSchema = z.object({ csrfToken: z.string().min(1) });
export type CsrfTokenResponse = z.infer<typeof csrfTokenResponseSchema>;

/**
 * POST /api/auth/callback/{provider} and POST /api/auth/signout with `json=true`
 * (Auth.js shape): where the browser would have been redirected. A failed sign-in
 * carries its reason as the `error` query parameter of `url`.
 */
export const authRedirectResponseSchema = z.object({ url: z.string() });
export type AuthRedirectResponse = z.infer<typeof authRedirectResponseSchema>;

/** The `error` values of a failed sign-in that the sign-in pages explain in Spanish. */
export const SIGN_IN_ERRORS = ['CredentialsSignin', 'CodeLocked', 'RateLimited'] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];
