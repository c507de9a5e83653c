import type { Request, Response } from 'express';
import { signInPage, type signIn } from '@cuota/contracts/identity/endpoints';
import type { BffContext } from '../bff-context';
import type { BffHandler } from '../http/bff-endpoints';
import { parseBody } from '../http/input';
import { callbackUrlOf } from '../security/callback-url';
import { answerAuth } from './auth-failure';
import { applyLimiters, type CredentialsProvider } from './auth-providers';
import { invalidCallbackUrl } from './sign-in-error';

/** Auth.js's own form fields; the rest belong to the provider (and are checked strictly). */
const ENVELOPE = ['callbackUrl', 'json', 'redirect'] as const;

/**
 * POST /api/auth/signin|callback/{provider}: checks the provider's fields, the callbackUrl
 * and the rate limits before the credentials, then signs in and answers `{ url }`.
 * Failures are shaped by auth-failure.ts.
 */
export function credentialsSignIn(
  ctx: BffContext,
  providers: Record<string, CredentialsProvider>,
): BffHandler<typeof signIn> {
  return async ({ req, res, params, body }) => {
    // Own keys only: `__proto__` or `constructor` name no provider.
    const provider = Object.hasOwn(providers, params.provider)
      ? providers[params.provider]
      : undefined;
    if (!provider) return unknownProvider(ctx, req, res);
    res.locals.signInPage = provider.signInPage(body);
    const input = parseBody(provider.fields, body, ENVELOPE);
    const callbackUrl = callbackUrlOf(req, ctx.config.siteOrigins, provider.defaultCallback(input));
    if (!callbackUrl) throw invalidCallbackUrl();
    await applyLimiters(provider.limiters(res, input), req, res);
    await provider.authorize(req, input);
    answerAuth(req, res, 200, { url: callbackUrl });
  };
}

/** Spec §8: an unknown provider sends the user to the sign-in page with the callbackUrl. */
function unknownProvider(ctx: BffContext, req: Request, res: Response) {
  const url = new URL(signInPage.path, ctx.config.publicUrl);
  url.searchParams.set('callbackUrl', callbackUrlOf(req, ctx.config.siteOrigins, '/') ?? '/');
  answerAuth(req, res, 400, {
    url: url.toString(),
    error: { code: 'NOT_FOUND', message: 'Ese método de inicio de sesión no existe.' },
  });
}
