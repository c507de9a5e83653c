import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { IdTokenSigner, type IdTokenRequest } from './id-tokens.ts';
import { renderSignInPage } from './sign-in-page.ts';

export interface OidcSandboxOptions {
  port: number;
  host?: string;
  /** Client ids tokens may be issued to from the sign-in page (any, when empty). */
  clientIds?: string[];
}

export interface OidcSandbox {
  port: number;
  /** Also the issuer (`iss`), as Google's is its own origin. */
  url: string;
  jwksUrl: string;
  /** Issues an ID token in-process, as POST /_sandbox/id-token does over HTTP. */
  issue(ask: IdTokenRequest): string;
  stop: () => Promise<void>;
}

const idTokenAsk = z.object({
  email: z.email(),
  aud: z.string().min(1),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
  nonce: z.string().optional(),
  expires_in: z.number().int().optional(),
});

/**
 * Stands in for an OpenID Connect provider (Google, Apple) that the app signs guardians in
 * with: discovery, a JWKS, the implicit flow's sign-in page (`response_type=id_token`) and a
 * loopback control route that issues a token for any e-mail. See README.md beside this file.
 */
export async function startOidcSandbox(options: OidcSandboxOptions): Promise<OidcSandbox> {
  const host = options.host ?? '127.0.0.1';
  const signer = new IdTokenSigner();
  const app = express();
  app.disable('x-powered-by');
  let issuer = '';
  const issue = (ask: IdTokenRequest) => signer.issue(issuer, ask);

  app.get('/.well-known/openid-configuration', (_req, res) => {
    res.json(discovery(issuer));
  });
  app.get('/jwks', (_req, res) => {
    res.set('cache-control', 'public, max-age=300').json(signer.jwks());
  });
  app.get('/authorize', (req, res) => {
    res.type('html').send(renderSignInPage(new URL(req.url, issuer).searchParams));
  });
  app.post('/authorize', express.urlencoded({ extended: false }), (req, res) =>
    authorize(req, res, options.clientIds ?? [], issue),
  );
  app.post('/_sandbox/id-token', express.json(), (req, res) => {
    const ask = idTokenAsk.safeParse(req.body);
    if (!ask.success)
      return res.status(400).json({ error: 'invalid_request', detail: ask.error.issues });
    res.json({ id_token: issue(ask.data) });
  });

  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(options.port, host, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  issuer = `http://${host}:${port}`;
  return {
    port,
    url: issuer,
    jwksUrl: `${issuer}/jwks`,
    issue,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The discovery document, with only what the sandbox does. */
function discovery(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    claims_supported: ['iss', 'aud', 'sub', 'email', 'email_verified', 'name', 'nonce'],
  };
}

/** The sign-in page's form: back to the client with the token in the fragment. */
function authorize(
  req: Request,
  res: Response,
  clientIds: string[],
  issue: (ask: IdTokenRequest) => string,
) {
  const form = req.body as Record<string, string | undefined>;
  const clientId = form.client_id ?? '';
  const email = z.email().safeParse(form.email);
  let redirect: URL;
  try {
    redirect = new URL(form.redirect_uri ?? '');
  } catch {
    return res.status(400).type('text').send('redirect_uri no es válido.');
  }
  if (!email.success || !clientId || (clientIds.length && !clientIds.includes(clientId)))
    return res.status(400).type('text').send('Falta el correo o el cliente no es conocido.');
  const answer = new URLSearchParams({
    id_token: issue({ email: email.data, aud: clientId, nonce: form.nonce || undefined }),
    token_type: 'Bearer',
    ...(form.state ? { state: form.state } : {}),
  });
  redirect.hash = answer.toString();
  res.redirect(303, redirect.href);
}
