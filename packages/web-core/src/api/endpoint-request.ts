import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import {
  endpointKey,
  type AnyEndpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@cuota/contracts/http/endpoint';
import { fillPath } from '@cuota/contracts/http/route-path';
import { onApiOrigin } from './api-origin';
import { callSignature, IDEMPOTENCY_KEY_HEADER, idempotencyKeyFor } from './idempotency-key';

/** A body as the caller writes it: before the schema fills in its defaults. */
type BodyInput<E extends AnyEndpoint> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;

/** What a call to an endpoint carries, typed by its definition. */
export interface EndpointCall<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  /** Only the keys the definition's `query` schema names; empty values are left out. */
  query?: Partial<QueryOf<E>>;
  body?: BodyInput<E> | FormData;
  /**
   * The `Idempotency-Key` of a create that declares one: a form keeps its key until the
   * create succeeds, so a second click or a retry after a lost answer repeats nothing.
   * Left out, a repeat of a call still unanswered reuses its key (idempotency-key.ts).
   */
  idempotencyKey?: string;
}

/** A fresh `Idempotency-Key` (a UUID fits the contract's pattern). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Where a call goes, on the API's origin (the page's own but inside an embed: api-origin.ts;
 * some paths are at the site's root, outside /api): the definition's path filled in, then its
 * query. Also the `href` of a download link (the browser sends the session cookie with it).
 */
export function endpointUrl<E extends AnyEndpoint>(
  endpoint: E,
  call: Pick<EndpointCall<E>, 'params' | 'query'>,
): string {
  const path = onApiOrigin(fillPath(endpoint.path, call.params as Record<string, string>));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((call.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A read outside RTK Query (before the store exists, or the CSRF token mutations need): the
 * definition's method and URL, its answer parsed with its schema; any other status throws.
 */
export async function fetchEndpoint<E extends AnyEndpoint & { response: z.ZodType }>(
  endpoint: E,
  call: Pick<EndpointCall<E>, 'params' | 'query'>,
): Promise<ResponseOf<E>> {
  const response = await fetch(endpointUrl(endpoint, call), {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${endpointKey(endpoint)} answered ${response.status}`);
  return endpoint.response.parse(await response.json()) as ResponseOf<E>;
}

/**
 * The request for an endpoint, from its definition: its method, URL and body, and an
 * Idempotency-Key when the definition takes one: the form's own, or the same for a repeat of
 * an unanswered call.
 */
export function endpointRequest<E extends AnyEndpoint>(
  endpoint: E,
  call: EndpointCall<E>,
): FetchArgs {
  const url = endpointUrl(endpoint, call);
  const key = endpoint.idempotencyKey
    ? (call.idempotencyKey ?? idempotencyKeyFor(callSignature(endpoint.method, url, call.body)))
    : undefined;
  return {
    url,
    method: endpoint.method,
    ...(call.body !== undefined ? { body: call.body } : {}),
    ...(key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {}),
  };
}

/**
 * An RTK Query endpoint's `query` and `responseSchema` from a definition: the remote says
 * only how its argument maps to the call.
 */
export function fromEndpoint<E extends AnyEndpoint, Arg>(
  endpoint: E,
  toCall: (arg: Arg) => EndpointCall<E>,
): { query: (arg: Arg) => FetchArgs; responseSchema?: z.ZodType<ResponseOf<E>, ResponseOf<E>> } {
  return {
    query: (arg: Arg) => endpointRequest(endpoint, toCall(arg)),
    ...(endpoint.response
      ? { responseSchema: endpoint.response as z.ZodType<ResponseOf<E>, ResponseOf<E>> }
      : {}),
  };
}
