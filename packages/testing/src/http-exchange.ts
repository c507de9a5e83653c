import http from 'node:http';

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
export function exchange(url: string, options: Exchange = {}) {
  const { method = 'GET', headers = {}, body, timeoutMs, signal } = options;
  const sent = body === undefined ? undefined : Buffer.from(body);
  const outgoing: Record<string, string | number> = { ...headers };
  if (sent) outgoing['content-length'] = sent.length;
  return new Promise<Exchanged>((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: outgoing, agent: options.agent ?? agent, signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: headersOf(res.headers),
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    const timer = timeoutMs === undefined ? undefined : setTimeout(timedOut, timeoutMs);
    function timedOut() {
      const err = new Error('The operation was aborted due to timeout');
      err.name = 'TimeoutError';
      req.destroy(err);
    }
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err);
    }
    req.on('error', fail);
    req.end(sent);
  });
}

function headersOf(incoming: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  return headers;
}
