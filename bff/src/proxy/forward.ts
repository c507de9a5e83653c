import { KEEP_ALIVE_CLIENT_MS } from '@cuota/service-runtime/http/listen';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Agent, type Dispatcher } from 'undici';
import { REQUEST_ID_HEADER } from '@cuota/service-runtime/request-context';
import type { HttpMiddleware } from '../http/answer-compression';

/** Where one call goes, and as whom. */
export interface ForwardTarget {
  /** The service's base URL. */
  url: string;
  token: string;
  requestId?: string;
}

/**
 * Headers that describe one hop, not the message (RFC 9110 §7.6.1), and what a service
 * must never see from a browser: its cookies, its Authorization, its CSRF token. The host is
 * the service's (undici sets it).
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'cookie',
  'authorization',
  'x-csrf-token',
]);
/** What a service's answer may not set on the browser, besides its hop headers. */
const NOT_RETURNED = new Set([...NOT_FORWARDED, 'set-cookie']);
/**
 * Answers up to this size leave in one socket write: the socket is corked until the answer's
 * `end()` (which uncorks it fully) instead of one write per chunk undici reads; each write that
 * wakes the client costs about as much as a small answer's CPU (docs/benchmarks.md,
 * investigations). The socket, not the response: a corked response keeps chunked (compressed)
 * writes aside and flushes them after its closing chunk.
 */
const ONE_WRITE_BYTES = 64 * 1024;

export type Forward = (
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  target: ForwardTarget,
) => Promise<void>;

/**
 * The BFF's compression (its `compression` middleware) and the size from which it compresses:
 * the forwarder hands it an answer only when it may compress it.
 */
export interface AnswerCompression {
  compress: HttpMiddleware;
  fromBytes: number;
}

/** The BFF's one forwarder and its keep-alive pool, closed with the BFF's other connections. */
export interface Forwarder {
  forward: Forward;
  close(): Promise<void>;
}

/**
 * Forwards a request to a service with undici's `stream()` on one keep-alive pool: the body
 * streams through unread, the answer is written straight into the response with its status
 * and headers (no intermediate stream or pipeline: those were an AbortController and a
 * DOMException per request, ADR 0032). It rejects when the service cannot be reached or does
 * not answer within `timeoutMs`, before anything was sent (the caller answers 503); a failure
 * mid-answer, or a client gone, cuts the connection.
 */
export function createForwarder(timeoutMs: number, compression?: AnswerCompression): Forwarder {
  const dispatcher = new Agent({
    keepAliveTimeout: KEEP_ALIVE_CLIENT_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_CLIENT_MS,
    connections: 64,
  });
  const forward: Forward = async (req, res, target) => {
    const streamed = 'content-length' in req.headers || 'transfer-encoding' in req.headers;
    const answer = ({ statusCode, headers }: Dispatcher.StreamFactoryData) => {
      res.statusCode = statusCode;
      for (const name in headers) {
        const value = headers[name];
        if (value !== undefined && !NOT_RETURNED.has(name)) res.setHeader(name, value);
      }
      if (compression) compressIfItMay(req, res, headers, compression);
      if (Number(headers['content-length']) <= ONE_WRITE_BYTES) res.socket?.cork();
      return res;
    };
    try {
      await dispatcher.stream(
        {
          origin: target.url,
          path: req.originalUrl ?? req.url ?? '/',
          method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
          headers: forwardedHeaders(req, target),
          body: streamed ? req : undefined,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        answer,
      );
    } catch (err) {
      if (!res.headersSent && !res.destroyed) throw err;
      res.destroy();
    }
  };
  return { forward, close: () => dispatcher.close() };
}

/**
 * The compression middleware wraps the response only for an answer it may compress: the caller
 * names an encoding and the answer is not known to be smaller than the threshold. Every other
 * answer (small ones, clients asking for none) leaves with no wrapper: the middleware's
 * per-answer closures kept each proxied read's objects alive across scavenges (ADR 0122). Vary
 * is set as the middleware does, whichever way the answer leaves.
 */
function compressIfItMay(
  req: IncomingMessage,
  res: ServerResponse,
  headers: IncomingHttpHeaders,
  { compress, fromBytes }: AnswerCompression,
) {
  const vary = res.getHeader('vary');
  if (vary === undefined) res.setHeader('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary)))
    res.setHeader('vary', `${vary}, Accept-Encoding`);
  if (req.headers['accept-encoding'] && !(Number(headers['content-length']) < fromBytes))
    compress(req, res, () => undefined);
}

function forwardedHeaders(req: IncomingMessage, target: ForwardTarget): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers as IncomingHttpHeaders))
    if (value !== undefined && !NOT_FORWARDED.has(name))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
  headers.authorization = `Bearer ${target.token}`;
  if (target.requestId) headers[REQUEST_ID_HEADER] = target.requestId;
  return headers;
}
