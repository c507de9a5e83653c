import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import {
  endpointKey,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@cuota/contracts/http/endpoint';
import { expressPath, pathParamNames } from '@cuota/contracts/http/route-path';
import { ANONYMOUS_IDENTITY, type IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { checkedAnswer } from '@cuota/service-runtime/http/checked-answer';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { authorizeCall, needsCsrf } from '../security/access-policy';
import { requireCsrf } from '../security/csrf';
import { signedInState } from '../session/signed-in';
import { parseForm, parseJson } from './body-parsers';
import { withoutKeys } from './input';

/** What a BFF handler receives: the input its definition validated, and the caller. */
export interface BffCall<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  /** The body without the CSRF token a form may carry. */
  body: BodyOf<E>;
  /** The signed-in person, or the anonymous identity (access was decided on it). */
  caller: IdentityClaims;
  req: Request;
  res: Response;
}

/** The answer, sent as JSON with the definition's status; nothing when the handler answered. */
export type BffHandler<E extends AnyEndpoint> = (
  call: BffCall<E>,
) => Promise<ResponseOf<E> | void> | ResponseOf<E> | void;

export interface BffOptions {
  /** Run after the access and CSRF checks, before the input is read: rate limits. */
  before?: RequestHandler[];
  /**
   * Whether a mutation needs the session's CSRF token (default yes). Only a call the spec sends
   * without credentials goes without, and it takes JSON only, which a cross-site form cannot send.
   */
  csrf?: boolean;
  /** Answers this endpoint's failures in its own protocol's shape (Auth.js's `{ url }`). */
  onError?: ErrorRequestHandler;
}

/** One endpoint the BFF answers itself: its definition and the Express chain that serves it. */
export interface BffImplementation {
  endpoint: AnyEndpoint;
  chain: (RequestHandler | ErrorRequestHandler)[];
}

/**
 * Pairs a `servedByBff` definition with its handler. The chain reads the body as the
 * definition says, decides access with the proxy's rule (decideAccess), checks CSRF on
 * mutations, then validates params, query and body with the definition's schemas.
 */
export function implement<E extends AnyEndpoint>(
  endpoint: E,
  handler: BffHandler<E>,
  options: BffOptions = {},
): BffImplementation {
  return servedBy(endpoint, serve(endpoint, handler), options);
}

/** The same checks in front of middleware that answers the definition on its own (a router). */
export function servedBy(
  endpoint: AnyEndpoint,
  answer: RequestHandler,
  { before = [], csrf = true, onError }: BffOptions = {},
): BffImplementation {
  const checkCsrf: RequestHandler = (req, res, next) =>
    csrf && needsCsrf(req, endpoint) ? requireCsrf(req, res, next) : next();
  return {
    endpoint,
    chain: [
      ...bodyReaders(endpoint),
      authorize(endpoint),
      checkCsrf,
      ...before,
      answer,
      ...(onError ? [onError] : []),
    ],
  };
}

/** Auth.js posts forms; everything else is JSON. Proxied bodies are never read (service-proxy.ts). */
function bodyReaders(endpoint: AnyEndpoint): RequestHandler[] {
  if (!endpoint.body) return [];
  return endpoint.bodyType === 'form' ? [parseForm, parseJson] : [parseJson];
}

/** Who may call, decided on the definition as the proxy decides it (a throw is next(err)). */
const authorize =
  (endpoint: AnyEndpoint): RequestHandler =>
  (req, _res, next) => {
    authorizeCall(req, endpoint, req.params as Record<string, string>);
    next();
  };

function serve<E extends AnyEndpoint>(endpoint: E, handler: BffHandler<E>): RequestHandler {
  return async (req, res) => {
    const answer = await handler({
      params: parsePathParams(endpoint, req.params),
      query: (endpoint.query ? parseInput(endpoint.query, req.query, 'query') : undefined) as never,
      body: (endpoint.body
        ? parseInput(endpoint.body, withoutKeys(req.body, ['csrfToken']))
        : undefined) as never,
      caller: signedInState(req)?.identity ?? ANONYMOUS_IDENTITY,
      req,
      res,
    });
    if (res.headersSent) return;
    if (endpoint.status === 204) return void res.status(204).end();
    res.status(endpoint.status ?? 200).json(checkedAnswer(endpoint, answer));
  };
}

function parsePathParams<E extends AnyEndpoint>(endpoint: E, raw: unknown): ParamsOf<E> {
  const parsed = endpoint.params.safeParse(raw);
  // A path parameter of the wrong shape cannot exist: a 404 like an unknown one.
  if (!parsed.success) throw notFound(endpoint.notFound);
  return parsed.data as ParamsOf<E>;
}

/**
 * Mounts the BFF's own endpoints at their definitions' methods and paths, after checking that
 * the BFF serves exactly what the contracts say it does: every `servedByBff` definition, here
 * or as a tRPC procedure (`procedures`: their `METHOD /path` keys), and nothing else.
 */
export function mountBffEndpoints(
  app: Express,
  implementations: readonly BffImplementation[],
  procedures: readonly string[],
  definitions: readonly AnyEndpoint[],
): void {
  assertServesItsDefinitions(
    [...implementations.map((i) => endpointKey(i.endpoint)), ...procedures],
    definitions,
  );
  // The more literal template first: Express takes the first route that matches.
  const ordered = [...implementations].sort(
    (a, b) => pathParamNames(a.endpoint.path).length - pathParamNames(b.endpoint.path).length,
  );
  for (const { endpoint, chain } of ordered)
    app[endpoint.method.toLowerCase() as Lowercase<AnyEndpoint['method']>](
      expressPath(endpoint.path),
      ...(chain as RequestHandler[]),
    );
}

/** Throws, naming them, when a definition has no handler or a handler no definition. */
function assertServesItsDefinitions(
  served: readonly string[],
  definitions: readonly AnyEndpoint[],
): void {
  const owed = definitions.filter((d) => d.servedByBff).map(endpointKey);
  const missing = owed.filter((key) => !served.includes(key));
  const undefinedHere = served.filter((key) => !owed.includes(key));
  const twice = served.filter((key, i) => served.indexOf(key) !== i);
  if (missing.length || undefinedHere.length || twice.length)
    throw new Error(
      `The BFF serves what its definitions do not say. Missing: ${missing.join(', ') || '—'}. ` +
        `Not defined (or a service endpoint): ${undefinedHere.join(', ') || '—'}. ` +
        `Twice: ${twice.join(', ') || '—'}.`,
    );
}
