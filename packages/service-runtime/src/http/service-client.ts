import { KEEP_ALIVE_CLIENT_MS } from './listen';
import { Agent, request as httpRequest, type Dispatcher } from 'undici';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { AnyEndpoint, BodyOf, ParamsOf, ResponseOf } from '@cuota/contracts/http/endpoint';
import { fillPath } from '@cuota/contracts/http/route-path';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { IdentitySigner } from '../identity/identity-token';
import { REQUEST_ID_HEADER, currentRequestId } from '../request-context';
import { HttpError } from './http-error';

export interface ServiceClientOptions {
  /** Spanish name for messages, e.g. "inscripciones". */
  label: string;
  baseUrl: string;
  sign: IdentitySigner;
  timeoutMs?: number;
}

/** One call: which endpoint, as whom, with what. Method, path and answer come from it. */
export interface ServiceRequest<E extends AnyEndpoint> {
  endpoint: E;
  identity: IdentityClaims;
  params?: ParamsOf<E>;
  body?: BodyOf<E>;
}

/**
 * Calls a service's endpoint (its definition in packages/contracts) as a given identity
 * (signed token + request id) and returns its answer parsed by the definition's response
 * schema; a service's Spanish 4xx passes through unchanged.
 */
export function createServiceClient(options: ServiceClientOptions) {
  // undici's request() on one keep-alive pool per service: fetch's WHATWG streams cost the
  // BFF more CPU than the rest of a guardian.me call (docs/benchmarks.md).
  const dispatcher = new Agent({
    keepAliveTimeout: KEEP_ALIVE_CLIENT_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_CLIENT_MS,
    connections: 64,
  });
  return async function call<E extends AnyEndpoint>(
    request: ServiceRequest<E>,
  ): Promise<ResponseOf<E>> {
    const { endpoint } = request;
    const requestId = currentRequestId();
    const token = await options.sign(request.identity);
    const path = fillPath(endpoint.path, (request.params ?? {}) as Record<string, string>);
    let response: Dispatcher.ResponseData;
    try {
      response = await httpRequest(new URL(path, options.baseUrl), {
        dispatcher,
        method: endpoint.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      throw unavailable(options.label);
    }
    const payload: unknown = await response.body.json().catch(() => undefined);
    if (response.statusCode >= 200 && response.statusCode < 300)
      return (endpoint.response ? endpoint.response.parse(payload) : payload) as ResponseOf<E>;
    const error = apiErrorSchema.safeParse(payload);
    if (error.success && response.statusCode < 500) {
      const { code, message, details } = error.data.error;
      throw new HttpError(response.statusCode, code as HttpError['code'], message, details);
    }
    throw unavailable(options.label);
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;

function unavailable(label: string) {
  return new HttpError(
    503,
    'SERVICE_UNAVAILABLE',
    `El servicio de ${label} no está disponible. Intenta de nuevo en unos minutos.`,
  );
}
