import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LevelWithSilent } from 'pino';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The access log's level for a finished request. A successful read is not logged: those
 * lines were most of every process's output and of the launcher's relaying (a stream write
 * per request on the hot path, docs/benchmarks.md), and say nothing an error does not.
 * Writes, refusals (warn) and failures (error) keep their line.
 */
export function accessLogLevel(
  req: IncomingMessage,
  res: ServerResponse,
  err?: Error,
): LevelWithSilent {
  if (err || res.statusCode >= 500) return 'error';
  if (res.statusCode >= 400) return 'warn';
  return READS.has(req.method ?? '') ? 'silent' : 'info';
}
