import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { decideAccess } from '@cuota/contracts/access/access';
import {
  endpointKey,
  IDEMPOTENCY_KEY_PATTERN,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type ServiceDomain,
} from '@cuota/contracts/http/endpoint';
import { createEndpointMatcher } from '@cuota/contracts/http/endpoint-matcher';
import { schoolOfCall } from '@cuota/contracts/http/school-of-call';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { grants } from '@cuota/contracts/access/permissions';
import { checkedAnswer, checkedJson } from './checked-answer';
import { inTurn } from './in-turn';
import { badRequest, forbidden, notFound, unauthenticated } from './http-error';
import { rawBodyOf } from './raw-body';
import type { Writer } from '../idempotency/idempotency-repository';
import { ReplayedAnswer, runOnce } from '../idempotency/run-once';
import { subjectOf } from '../identity/identity-token';
import { Reply } from './reply';
import { requireBodyTypeOf } from './request-guards';
import { setRouteTemplate } from '../metrics/request-metrics';
import { identityOf } from './require-identity';
import { parseInput } from './validate';

type StaffClaims = Extract<IdentityClaims, { kind: 'staff' }>;
export const NO_GRANT_MESSAGE =
  'Tu rol no tiene permiso para realizar esta acción en esta escuela.';

/** What a handler receives: validated input, the caller, and the school check of its endpoint. */
export interface Call<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: IdentityClaims;
  /** The request's `Idempotency-Key`, for endpoints defined with `idempotencyKey`. */
  idempotencyKey: string | undefined;
  /** The body's exact bytes, for endpoints defined with `bodyType: 'raw'` (a signed webhook). */
  rawBody: Buffer | undefined;
  /**
   * Runs the endpoint's writes in one transaction whose result is the answer. With an
   * `Idempotency-Key` (definitions with `idempotencyKey`), at most once per caller, endpoint
   * and key: a retry or a double click gets the first answer and nothing after `once` runs
   * again (ADR 0019). `remember` is what a replay answers (leave one-time secrets out).
   * `work` must use only `tx`: waiting repeats hold pool connections.
   */
  once<T>(work: (tx: Writer) => Promise<T>, remember?: (answer: T) => unknown): Promise<T>;
  /**
   * For a school learnt from a record: the caller must be staff of it holding the endpoint's
   * permission (404 with `unknown` for another school, so a record elsewhere looks absent).
   */
  requireStaffOf(schoolId: string, unknown?: string): StaffClaims;
  req: Request;
  res: Response;
}

/** `call.once`, for code that runs a handler's writes on its behalf. */
export type Once = Call<AnyEndpoint>['once'];

export type Handler<E extends AnyEndpoint> = (
  call: Call<E>,
) => Promise<ResponseOf<E> | Reply> | ResponseOf<E> | Reply;

export interface Implementation {
  endpoint: AnyEndpoint;
  handler: Handler<AnyEndpoint>;
  /** Middleware that must see the raw request first (multipart parsing). */
  before: RequestHandler[];
}

/** Pairs an endpoint definition with the function that answers it. */
export function implement<E extends AnyEndpoint>(
  endpoint: E,
  handler: Handler<E>,
  options: { before?: RequestHandler[] } = {},
): Implementation {
  return {
    endpoint,
    handler: handler as unknown as Handler<AnyEndpoint>,
    before: options.before ?? [],
  };
}

/** What the mount needs besides the handlers: the service's database, for `call.once`. */
export interface MountOptions {
  db?: Writer;
}

/**
 * Mounts a service's implementations at their definitions' paths and checks the service
 * serves exactly what the contracts say it does: every endpoint of its domain (so the BFF
 * never proxies to a missing route), and nothing else.
 */
export function mountEndpoints(
  app: Express,
  domain: ServiceDomain,
  implementations: readonly Implementation[],
  definitions: readonly AnyEndpoint[],
  options: MountOptions = {},
): void {
  assertServesItsEndpoints(domain, implementations, definitions);
  const chains = new Map<AnyEndpoint, RequestHandler>();
  for (const implementation of implementations) {
    const { endpoint } = implementation;
    const raw = endpoint.bodyType === 'raw' ? [readRawBody] : [];
    chains.set(
      endpoint,
      inTurn([
        namesRoute(endpoint.path),
        requireBodyTypeOf(endpoint),
        ...raw,
        ...implementation.before,
        serve(implementation, options),
      ]),
    );
  }
  app.use(endpointDispatcher(chains));
}

/**
 * One middleware for all of a service's endpoints: the request's path walks the contracts'
 * segment tree (`createEndpointMatcher`, as the BFF's proxy does) instead of Express testing
 * every route's regular expression in turn, which was 7.7 % of payments' busy time under a
 * read's load (docs/benchmarks.md, investigations, h16s and h16cpu). A literal segment beats
 * a parameter; HEAD is served as GET; a path without its closing slash is the template's; a
 * request no endpoint matches (or for another method) goes on to the routes after it.
 */
export function endpointDispatcher(
  chains: ReadonlyMap<AnyEndpoint, RequestHandler>,
): RequestHandler {
  const match = createEndpointMatcher([...chains.keys()]);
  return (req, res, next) => {
    const path = req.path;
    let found = match(req.method, path);
    if (found.kind !== 'endpoint' && !path.endsWith('/')) found = match(req.method, `${path}/`);
    if (found.kind !== 'endpoint') return next();
    req.params = found.params;
    chains.get(found.endpoint)!(req, res, next);
  };
}

/** Metrics label the request with the contract's template, as the BFF's proxy does. */
const namesRoute =
  (template: string): RequestHandler =>
  (_req, res, next) => {
    setRouteTemplate(res, template);
    next();
  };

/** A raw endpoint's body in any content type (JSON was already kept by the app's parser). */
const readRawBody = express.raw({ type: () => true, limit: '100kb' });

function assertServesItsEndpoints(
  domain: ServiceDomain,
  implementations: readonly Implementation[],
  definitions: readonly AnyEndpoint[],
): void {
  const mounted = new Set(implementations.map((i) => endpointKey(i.endpoint)));
  const owed = definitions.filter((d) => d.domain === domain && !d.servedByBff);
  const missing = owed.filter((d) => !mounted.has(endpointKey(d))).map(endpointKey);
  const owedKeys = new Set(owed.map(endpointKey));
  const extra = [...mounted].filter((k) => !owedKeys.has(k));
  if (missing.length || extra.length)
    throw new Error(
      `${domain} serves what its definitions do not say. Missing: ${missing.join(', ') || '—'}. ` +
        `Not defined (or another domain's): ${extra.join(', ') || '—'}.`,
    );
}

function serve({ endpoint, handler }: Implementation, { db }: MountOptions): RequestHandler {
  return async (req, res) => {
    const params = parsePathParams(endpoint, req.params);
    const caller = identityOf(res);
    // Who may call is decided before the input is read: a caller without the right learns
    // nothing about what the input should be. A school id that is not a UUID is left out
    // here (the caller then needs the grant in some school) and refused as a 400 below.
    authorize(endpoint, caller, { params, query: uuidsOnly(req.query), body: uuidsOnly(req.body) });
    const query = endpoint.query ? parseInput(endpoint.query, req.query, 'query') : undefined;
    const body =
      endpoint.body && endpoint.bodyType !== 'raw'
        ? parseInput(endpoint.body, req.body)
        : undefined;
    const idempotencyKey = idempotencyKeyOf(endpoint, req);
    const call: Call<AnyEndpoint> = {
      params,
      query: query as never,
      body: body as never,
      caller,
      idempotencyKey,
      rawBody: endpoint.bodyType === 'raw' ? rawBodyOf(req) : undefined,
      once: (work, remember) => {
        if (!db) throw new Error(`${endpointKey(endpoint)}: mountEndpoints was given no db`);
        if (!idempotencyKey) return db.transaction(work);
        const attempt = {
          caller: subjectOf(caller),
          endpoint: endpoint.name,
          key: idempotencyKey,
          request: { params, query, body },
        };
        return runOnce(db, attempt, work, remember);
      },
      requireStaffOf: (schoolId, unknown) => requireStaffOf(endpoint, caller, schoolId, unknown),
      req,
      res,
    };
    const result = await answerOrReplay(handler, call);
    if (res.headersSent) return;
    send(endpoint, res, result);
  };
}

/** The handler's answer, or the stored one when the call repeats one already done. */
async function answerOrReplay(handler: Handler<AnyEndpoint>, call: Call<AnyEndpoint>) {
  try {
    return await handler(call);
  } catch (err) {
    if (!(err instanceof ReplayedAnswer)) throw err;
    call.res.setHeader(REPLAYED_HEADER, 'true');
    return err.answer;
  }
}

/** Says an answer is the stored one of an earlier request with the same Idempotency-Key. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** A key-on-row answer (ADR 0019): the answer, and whether an earlier request made it. */
export interface Keyed<T> {
  answer: T;
  replayed: boolean;
}

/** The answer of a key-on-row endpoint, with `Idempotent-Replayed: true` when it is a replay. */
export function answerKeyed<T>(res: Response, { answer, replayed }: Keyed<T>): T {
  if (replayed) res.setHeader(REPLAYED_HEADER, 'true');
  return answer;
}

const UUID = z.uuid();
/**
 * Only a `school_id` that can exist is looked at before validation. A string first: zod's
 * failure for a missing one (every GET's body) builds an error, on every call of every service.
 */
function uuidsOnly(input: unknown): { school_id?: string } {
  const id = (input as { school_id?: unknown } | undefined)?.school_id;
  return typeof id === 'string' && UUID.safeParse(id).success ? { school_id: id } : {};
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The header as the definition wants it: required, optional, or ignored. */
function idempotencyKeyOf(endpoint: AnyEndpoint, req: Request): string | undefined {
  if (!endpoint.idempotencyKey) return undefined;
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key === undefined && endpoint.idempotencyKey === 'optional') return undefined;
  if (key === undefined)
    throw badRequest(
      'Falta el encabezado Idempotency-Key: cada intento de la misma operación debe llevar la misma clave.',
    );
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw badRequest(
      'El encabezado Idempotency-Key no es válido (de 8 a 128 letras, dígitos, o . _ : -).',
    );
  return key;
}

function parsePathParams(endpoint: AnyEndpoint, raw: unknown): never {
  const parsed = (endpoint.params as z.ZodType).safeParse(raw);
  // A path id of the wrong shape cannot exist: it is a 404 like an unknown one.
  if (!parsed.success) throw notFound(endpoint.notFound);
  return parsed.data as never;
}

function authorize(
  endpoint: AnyEndpoint,
  caller: IdentityClaims,
  request: { params: Record<string, unknown>; query: unknown; body: unknown },
): void {
  const decision = decideAccess(endpoint.access, caller, schoolOfCall(endpoint, request));
  if (decision.ok) return;
  if (decision.status === 401) throw unauthenticated();
  if (decision.status === 404) throw notFound(endpoint.notFound);
  throw decision.reason === 'grant' ? forbidden(NO_GRANT_MESSAGE) : forbidden();
}

function requireStaffOf(
  endpoint: AnyEndpoint,
  caller: IdentityClaims,
  schoolId: string,
  unknown?: string,
): StaffClaims {
  if (caller.kind !== 'staff') throw forbidden();
  const membership = caller.memberships.find((m) => m.school_id === schoolId);
  if (!membership) throw notFound(unknown ?? endpoint.notFound);
  const grant = endpoint.access.staff;
  if (!grant) throw forbidden();
  if (grant !== 'member' && !grants(membership, grant)) throw forbidden(NO_GRANT_MESSAGE);
  return caller;
}

function send(endpoint: AnyEndpoint, res: Response, result: unknown): void {
  if (result instanceof Reply) {
    if (result.file) return sendFile(res, result.file);
    if (result.location !== undefined) return res.redirect(result.status, result.location);
    if (result.json !== undefined)
      return void res.status(result.status).type('json').send(checkedJson(endpoint, result.json));
    if (result.body === undefined) return void res.status(result.status).end();
    return void res.status(result.status).json(checkedAnswer(endpoint, result.body));
  }
  if (endpoint.status === 204) return void res.status(204).end();
  res.status(endpoint.status ?? 200).json(checkedAnswer(endpoint, result));
}

function sendFile(res: Response, file: NonNullable<Reply['file']>): void {
  res.setHeader('content-type', file.contentType);
  if (file.filename)
    res.setHeader(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    );
  if (file.cacheControl) res.setHeader('cache-control', file.cacheControl);
  res.end(Buffer.from(file.data));
}
