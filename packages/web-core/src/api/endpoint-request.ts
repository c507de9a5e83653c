import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import type {
  AnyEndpoint,
  BodyOf,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '@cuota/contracts/http/endpoint';
import { fillPath } from '@cuota/contracts/http/route-path';

/** What a call to an endpoint carries, typed by its definition. */
export interface EndpointCall<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  query?: Partial<QueryOf<E>> | Record<string, unknown>;
  body?: BodyOf<E> | FormData;
}

/**
 * The request for an endpoint, from its definition: its method, its path filled in (on the
 * page's origin: some paths are at the site's root, outside /api), its query and body.
 */
export function endpointRequest<E extends AnyEndpoint>(
  endpoint: E,
  call: EndpointCall<E>,
): FetchArgs {
  const path = fillPath(endpoint.path, call.params as Record<string, string>);
  const query = call.query
    ? Object.fromEntries(Object.entries(call.query).filter(([, v]) => v !== undefined && v !== ''))
    : undefined;
  return {
    url: new URL(path, window.location.origin).href,
    method: endpoint.method,
    ...(query && Object.keys(query).length ? { params: query } : {}),
    ...(call.body !== undefined ? { body: call.body } : {}),
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
