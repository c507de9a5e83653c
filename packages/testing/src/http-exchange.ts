import http from 'node:http';
import { requestWhole } from '@cuota/service-runtime/http/whole-answer';

/** An answer read whole. */
export interface Exchanged {
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface Exchange {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The whole exchange must end within this; it rejects with a `TimeoutError` otherwise. */
  timeoutMs?: number;
  /** Aborting it cuts the exchange (it rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Sockets of the caller's own (a cap, say) instead of the shared uncapped ones. */
  agent?: http.Agent;
}

/** Sockets kept open between requests, as many as are in flight (no cap: a burst stays one). */
const agent = new http.Agent({ keepAlive: true });

/**
 * One HTTP request to a service under test over kept-alive node:http sockets, its answer read
 * whole. Not fetch: undici's Request, Response and body streams were ~20 % of the checkout
 * bench's process (its client and webhook relay, issue 18), CPU taken from the service it
 * measures on the same cores. No redirect is followed; a socket error rejects.
 */
export async function exchange(url: string, options: Exchange = {}): Promise<Exchanged> {
  const { body } = options;
  const answer = await requestWhole(url, {
    ...options,
    body: body === undefined ? undefined : Buffer.from(body),
    agent: options.agent ?? agent,
  });
  return { status: answer.status, headers: headersOf(answer.headers), body: answer.body };
}

function headersOf(incoming: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  return headers;
}
