import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';

/** Answers smaller than this are sent as they are: below it, gzip's set-up costs more CPU than the bytes save. */
export const COMPRESS_FROM_BYTES = 12 * 1024;

/**
 * Brotli's quality for what the BFF compresses (browsers ask for br over HTTPS): 3 writes a
 * page of payins within 1 % of the middleware's default 4 for two thirds of its CPU (ADR 0096).
 */
export const BROTLI_QUALITY = 3;

/** A middleware that needs only Node's request and response (the forwarder's are not Express's). */
export type HttpMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void;

/**
 * The BFF's compression: br at `BROTLI_QUALITY` or gzip, for answers from `COMPRESS_FROM_BYTES`.
 * The middleware reads only the request's headers and method, as Node gives them.
 */
export const answerCompression = (): HttpMiddleware =>
  compression({
    threshold: COMPRESS_FROM_BYTES,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  }) as unknown as HttpMiddleware;
