import { z } from 'zod';
import type { Permission } from '@cuota/contracts/access/permissions';
import type { Access } from '@cuota/contracts/access/access';
import { PATH_PARAM_PATTERN, pathParamNames } from '@cuota/contracts/http/route-path';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The bounded context that owns an endpoint's data (the `domain` column of api-paths.tsv). */
export type Domain =
  'identity' | 'enrolment' | 'billing' | 'payments' | 'invoicing' | 'notifications';
/** Domains with a service of their own behind the BFF. */
export type ServiceDomain = Exclude<Domain, 'identity'>;
/** Who uses an endpoint (the `surface` column): for documentation and grouping only. */
export type Surface =
  'portal' | 'dashboard' | 'store' | 'bookkeeper' | 'internal' | 'webhook' | 'auth';

/** What a successful answer carries besides JSON. */
export type Produces = 'json' | 'none' | 'xlsx' | 'pdf' | 'xml' | 'zip' | 'image' | 'html';
/** How the request body arrives. `raw` keeps the exact bytes (a webhook's signature covers them). */
export type BodyType = 'json' | 'multipart' | 'form' | 'raw';

/**
 * How a definition relates to ../shared/spec/api-paths.tsv:
 * - `spec`: the row with this method and path (an exact row, or a `group:` row's default path);
 * - `{ serves: [...] }`: implements those `group:` rows at a path the spec does not print;
 * - `{ capability: why }`: not named by the specification; `why` says what needs it.
 */
export type SpecLink = 'spec' | { serves: readonly string[] } | { capability: string };

type Optional = z.ZodType | undefined;

export interface EndpointDefinition<
  P extends z.ZodType = z.ZodType,
  Q extends Optional = Optional,
  B extends Optional = Optional,
  R extends Optional = Optional,
> {
  /** Stable operation id, `<domain>.<concept>.<action>`. */
  name: string;
  method: HttpMethod;
  /** The path template (`{name}` parameters), exactly as served. */
  path: string;
  domain: Domain;
  /** Why `domain` differs from the spec row's, when it does. */
  domainReason?: string;
  /** The BFF answers it itself (sign-in, tRPC); otherwise the domain's service does. */
  servedByBff?: true;
  /**
   * Called only by the BFF's own code (on the caller's behalf or its own): never forwarded
   * from outside, never in the public OpenAPI document. `bffOnly()` endpoints are internal too.
   */
  internal?: true;
  surface: Surface;
  access: Access;
  /** One line of Spanish for the reference page. */
  summary: string;
  spec: SpecLink;
  params: P;
  query: Q;
  body: B;
  bodyType?: BodyType;
  response: R;
  /** Status of a success (default 200; 204 answers nothing; 302 sends the caller elsewhere). */
  status?: 200 | 201 | 202 | 204 | 302;
  /**
   * The call carries an `Idempotency-Key` header: a retry with the same key gets the first
   * answer and repeats no effect (required for anything that moves money).
   */
  idempotencyKey?: 'required' | 'optional';
  produces?: Produces;
  /** Spanish 404 for a path id that cannot exist (defaults to the generic one). */
  notFound?: string;
}

export type AnyEndpoint = EndpointDefinition<z.ZodType, Optional, Optional, Optional>;

/** An `Idempotency-Key` header's value: 8–128 letters, digits or `. _ : -` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The default parameters schema: each `{name}` of the path is one plain segment. */
export function pathParamsSchema(path: string) {
  const segment = z.string().regex(new RegExp(`^${PATH_PARAM_PATTERN}$`));
  return z.object(Object.fromEntries(pathParamNames(path).map((n) => [n, segment])));
}
/** The `{name}` placeholders of a path template, as a union of names. */
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type DefaultParams<Path extends string> = z.ZodObject<{ [K in ParamNames<Path>]: z.ZodString }>;

type Input<P, Q, B, R> = Omit<EndpointDefinition, 'params' | 'query' | 'body' | 'response'> & {
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
};

/** One endpoint, as every part reads it (BFF, service, web client, OpenAPI). */
export function defineEndpoint<
  const Path extends string,
  P extends z.ZodType = DefaultParams<Path>,
  Q extends Optional = undefined,
  B extends Optional = undefined,
  R extends Optional = undefined,
>(definition: Input<P, Q, B, R> & { path: Path }): EndpointDefinition<P, Q, B, R> {
  return {
    ...definition,
    params: (definition.params ?? pathParamsSchema(definition.path)) as P,
    query: definition.query as Q,
    body: definition.body as B,
    response: definition.response as R,
  };
}

export type ParamsOf<E extends AnyEndpoint> = z.infer<E['params']>;
export type QueryOf<E extends AnyEndpoint> = E['query'] extends z.ZodType
  ? z.infer<E['query']>
  : undefined;
export type BodyOf<E extends AnyEndpoint> = E['body'] extends z.ZodType
  ? z.infer<E['body']>
  : undefined;
export type ResponseOf<E extends AnyEndpoint> = E['response'] extends z.ZodType
  ? z.infer<E['response']>
  : unknown;

/** The permission a staff caller needs, when one is named. */
export function staffPermissionOf(endpoint: Pick<AnyEndpoint, 'access'>): Permission | undefined {
  const grant = endpoint.access.staff;
  return grant && grant !== 'member' ? grant : undefined;
}

/** `METHOD /path` — how docs and the spec table name an endpoint. */
export const endpointKey = (e: Pick<AnyEndpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** Path parameters that are record ids (UUIDs): any other shape is a 404. */
export function uuidParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, z.uuid()])) as Record<K, z.ZodUUID>);
}

/** Whether the public may reach an endpoint through the BFF (and see it documented). */
export const isPublicEndpoint = (e: Pick<AnyEndpoint, 'internal' | 'access'>) =>
  !e.internal && !e.access.service;
