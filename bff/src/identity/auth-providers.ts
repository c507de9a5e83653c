import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { AUTH_PROVIDERS } from '@cuota/contracts/identity/session';
import type { AuthProviders } from '@cuota/contracts/identity/auth-api';
import { signIn, signInCallback } from '@cuota/contracts/identity/endpoints';
import { fillPath } from '@cuota/contracts/http/route-path';
import { staffSignInSchema, verifyCodeSchema } from '@cuota/contracts/identity/sign-in';
import type { BffContext } from '../bff-context';
import { runMiddleware } from '../http/run-middleware';
import { GUARDIAN_HASH_PATTERN } from './enrolment-directory';
import { signInGuardianWithCode, signInStaff, staffAccount } from './sign-in';

/** An Auth.js credentials provider as the BFF runs it. */
export interface CredentialsProvider<S extends z.ZodType = z.ZodType> {
  id: string;
  name: string;
  /** The provider's own form fields (strict: anything else is refused). */
  fields: S;
  /** Site path where the user signs in with this provider (errors are sent back there). */
  signInPage(body: unknown): string;
  /** Where to go after signing in when the form names no callbackUrl. */
  defaultCallback(input: z.infer<S>): string;
  /** Rate limits for this attempt (per IP; per account in `authorize`). */
  limiters(res: Response, input: z.infer<S>): RequestHandler[];
  authorize(req: Request, input: z.infer<S>): Promise<void>;
}

export function credentialsProviders(ctx: BffContext): Record<string, CredentialsProvider> {
  const guardianCode: CredentialsProvider<typeof verifyCodeSchema> = {
    id: AUTH_PROVIDERS.guardianCode,
    name: 'Código por correo electrónico',
    fields: verifyCodeSchema,
    signInPage: (body) => guardianLoginPage(field(body, 'guardian_hash')),
    defaultCallback: (input) => `/guardians/${input.guardian_hash}`,
    limiters: () => [ctx.limiters.signInPerIp],
    authorize: (req, input) => signInGuardianWithCode(req, ctx, input),
  };
  const staffCredentials: CredentialsProvider<typeof staffSignInSchema> = {
    id: AUTH_PROVIDERS.staffCredentials,
    name: 'Correo y contraseña',
    fields: staffSignInSchema,
    signInPage: () => STAFF_LOGIN_PAGE,
    defaultCallback: () => '/dashboard',
    limiters: () => [ctx.limiters.signInPerIp],
    authorize: (req, input) =>
      ctx.signInFailures.attempt(req, staffAccount(input.email), () =>
        signInStaff(req, ctx, input),
      ),
  };
  return { [guardianCode.id]: guardianCode, [staffCredentials.id]: staffCredentials };
}

export const STAFF_LOGIN_PAGE = '/dashboard/login';

/** The portal's sign-in page for a guardian link (the staff one when the hash is unusable). */
export function guardianLoginPage(hash: string | undefined): string {
  return hash && GUARDIAN_HASH_PATTERN.test(hash) ? `/guardians/${hash}/login` : STAFF_LOGIN_PAGE;
}

/** GET /api/auth/providers (Auth.js shape). */
export function providersResponse(
  providers: Record<string, CredentialsProvider>,
  publicUrl: string,
): AuthProviders {
  return Object.fromEntries(
    Object.values(providers).map((p) => [
      p.id,
      {
        id: p.id,
        name: p.name,
        type: 'credentials' as const,
        signinUrl: publicUrl + fillPath(signIn.path, { provider: p.id }),
        callbackUrl: publicUrl + fillPath(signInCallback.path, { provider: p.id }),
      },
    ]),
  );
}

export async function applyLimiters(
  limiters: RequestHandler[],
  req: Request,
  res: Response,
): Promise<void> {
  for (const limiter of limiters) await runMiddleware(limiter, req, res);
}

function field(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}
