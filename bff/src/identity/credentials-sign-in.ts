import type { Request, RequestHandler, Response } from 'express';
import type { BffContext } from '../bff-context';
import { parseBody } from '../http/input';
import { callbackUrlOf } from '../security/callback-url';
import { answerAuth } from './auth-failure';
import { applyLimiters, type CredentialsProvider } from './auth-providers';
import { invalidCallbackUrl } from './sign-in-error';

/** Auth.js's own form fields; the rest belong to the provider (and are checked strictly). */
const ENVELOPE = ['csrfToken', 'callbackUrl', 'json', 'redirect'] as const;

/**
 * POST /api/auth/signin|callback/{provider}: checks the provider's fields, the callbackUrl
 * and the rate limits before the credentials, then signs in and answers `{ url }`.
 * Failures are shaped by auth-failure.ts.
 */
export function credentialsSignIn(
  ctx: BffContext,
  providers: Record<string, CredentialsProvider>,
): RequestHandler {
  return async (req, res) => {
    const provider = providers[String(req.params.provider)];
    if (!provider) return unknownProvider(ctx, req, res);
    res.locals.signInPage = provider.signInPage(req.body);
    const input = parseBody(provider.fields, req.body, ENVELOPE);
    const callbackUrl = callbackUrlOf(req, ctx.config.siteOrigins, provider.defaultCallback(input));
    if (!callbackUrl) throw invalidCallbackUrl();
    await applyLimiters(provider.limiters(res, input), req, res);
    await provider.authorize(req, input);
    answerAuth(req, res, 200, { url: callbackUrl });
  };
}

/** Spec §8: an unknown provider sends the user to the sign-in page with the callbackUrl. */
function unknownProvider(ctx: BffContext, req: Request, res: Response) {
  const url = new URL('/api/auth/signin', ctx.config.publicUrl);
  url.searchParams.set('callbackUrl', callbackUrlOf(req, ctx.config.siteOrigins, '/') ?? '/');
  answerAuth(req, res, 400, {
    url: url.toString(),
    error: { code: 'NOT_FOUND', message: 'Ese método de inicio de sesión no existe.' },
  });
}
