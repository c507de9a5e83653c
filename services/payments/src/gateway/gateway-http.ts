import http from 'node:http';
import https from 'node:https';
import { requestWhole } from '@cuota/service-runtime/http/whole-answer';

/** What the Kushki adapters read of an answer: its status and its JSON body. */
export interface GatewayAnswer {
  status: number;
  ok: boolean;
  /** The body as JSON; rejects when it is not. */
  json(): Promise<unknown>;
}

export interface GatewayRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/**
 * Sockets kept open to the gateway, at most this many per host: a burst's charges reuse them
 * instead of opening one connection each (issue 18's 500 checkouts at once; ADR 0118).
 */
export const GATEWAY_SOCKETS = 64;

const agentOptions = { keepAlive: true, maxSockets: GATEWAY_SOCKETS, scheduling: 'fifo' } as const;
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

/**
 * One request to the gateway over kept-alive sockets (node:http, not fetch: fetch's
 * streams, Request and Response cost ~11 % of payments' CPU in issue 18's burst, ADR 0118).
 * The whole exchange, body included, must end within `timeoutMs` (a TimeoutError as
 * AbortSignal.timeout gave); a socket error rejects as fetch did.
 */
export async function gatewayRequest(url: URL, req: GatewayRequest): Promise<GatewayAnswer> {
  const answer = await requestWhole(url, {
    method: req.method,
    headers: req.headers,
    body: req.body === undefined ? undefined : Buffer.from(req.body, 'utf8'),
    timeoutMs: req.timeoutMs,
    agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
  });
  const text = answer.body.toString('utf8');
  return {
    status: answer.status,
    ok: answer.status >= 200 && answer.status < 300,
    json: async () => JSON.parse(text) as unknown,
  };
}
