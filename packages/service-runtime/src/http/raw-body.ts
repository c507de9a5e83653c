import type { IncomingMessage } from 'node:http';

const RAW_BODY = Symbol('rawBody');
type WithRawBody = IncomingMessage & { [RAW_BODY]?: Buffer };

/**
 * express.json's `verify` hook: keeps the exact bytes that were parsed, because a webhook's
 * signature covers them and re-serialising the parsed JSON would not reproduce them.
 */
export function keepRawBody(req: IncomingMessage, _res: unknown, buf: Buffer): void {
  (req as WithRawBody)[RAW_BODY] = buf;
}

/** The request's body exactly as received (empty when it had none). */
export function rawBodyOf(req: IncomingMessage & { body?: unknown }): Buffer {
  const kept = (req as WithRawBody)[RAW_BODY];
  if (kept) return kept;
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}
