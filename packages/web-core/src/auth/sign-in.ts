import { authRedirectResponseSchema } from '@cuota/contracts/identity/auth-responses';
import { parseApiErrorBody } from '@cuota/web-core/api/api-error';
import { signInCallback } from '@cuota/contracts/identity/endpoints';
import { postForm } from '@cuota/web-core/api/csrf';

/** Spec §8: what a sign-in attempt answers (Auth.js `signIn(…, { redirect: false })`). */
export interface SignInResult {
  /** The `error` query parameter of the answered url (`CredentialsSignin`…), if any. */
  error: string | null;
  status: number;
  ok: boolean;
  /** Where to go after a successful sign-in; null when it failed. */
  url: string | null;
}

async function readSignInResult(response: Response): Promise<SignInResult> {
  const body: unknown = await response.json().catch(() => null);
  const redirect = authRedirectResponseSchema.safeParse(body);
  const url = redirect.success ? redirect.data.url : null;
  const error = url
    ? new URL(url, window.location.origin).searchParams.get('error')
    : (parseApiErrorBody(body)?.code ?? (response.ok ? null : 'Default'));
  return { error, status: response.status, ok: response.ok, url: error ? null : url };
}

/**
 * POST /api/auth/callback/{provider}, form-encoded: csrfToken, callbackUrl, json=true and
 * the provider's own fields (spec §7).
 */
export async function signIn(
  provider: string,
  fields: Record<string, string>,
  callbackUrl: string = window.location.href,
): Promise<SignInResult> {
  const response = await postForm(signInCallback, { provider }, () => ({
    callbackUrl,
    json: 'true',
    ...fields,
  }));
  return readSignInResult(response);
}

export const signedIn = (result: SignInResult) => result.ok && result.error === null;
