import http from 'node:http';
import https from 'node:https';

export interface WholeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** The whole exchange, body included, must end within this; else a `TimeoutError`. */
  timeoutMs?: number;
  /** Aborting it cuts the exchange (it rejects with the signal's reason). */
  signal?: AbortSignal;
  /** The sockets to go over (kept alive, capped: the caller's choice). */
  agent: http.Agent;
}

export interface WholeAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One HTTP(S) request over node:http with the caller's agent, its answer read whole. Not
 * fetch: its Request, Response and body streams cost a burst's callers a tenth or more of
 * their CPU (issue 18, ADR 0118). A socket error rejects, as fetch did.
 */
export function requestWhole(url: string | URL, request: WholeRequest): Promise<WholeAnswer> {
  const { method = 'GET', body, timeoutMs, signal, agent } = request;
  const headers: Record<string, string | number> = { ...request.headers };
  if (body) headers['content-length'] = body.length;
  const secure = (typeof url === 'string' ? url : url.href).startsWith('https:');
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? https : http).request(
      url,
      { method, headers, agent, signal },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', fail);
        incoming.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    const timer = timeoutMs === undefined ? undefined : setTimeout(timedOut, timeoutMs);
    function timedOut() {
      const err = new Error('The operation was aborted due to timeout');
      err.name = 'TimeoutError';
      outgoing.destroy(err);
    }
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err);
    }
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}
