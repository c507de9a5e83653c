import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { HttpError } from './http-error';
import { keepRawBody } from './raw-body';

/** The largest JSON body any endpoint takes (a larger one is a Spanish 413). */
export const JSON_LIMIT = '100kb';
/**
 * How deeply a JSON body may nest. Every schema in the contracts is at most a few levels deep;
 * a body nested thousands deep only makes the parser and the validators work for nothing.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether UTF-8 JSON text opens more than `max` arrays or objects inside one another. One
 * pass over the bytes, no recursion and no allocation: it runs before JSON.parse, so a hostile
 * body costs as much as reading it. Brackets inside strings do not count.
 */
export function nestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(byte)) depth--;
  }
  return false;
}

export const tooDeepError = () =>
  new HttpError(
    400,
    'MALFORMED_JSON',
    `El cuerpo de la solicitud anida demasiados niveles (máximo ${MAX_JSON_DEPTH}).`,
  );

const notUtf8Error = () =>
  new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Envía el JSON codificado en UTF-8.');

/**
 * Refuses, before parsing, what JSON.parse would pay for: another charset, too much nesting.
 * Keeps the exact bytes too: a webhook's signature covers them (raw-body.ts).
 */
function checkJsonText(req: IncomingMessage, res: unknown, body: Buffer, charset: string) {
  if (charset.toLowerCase() !== 'utf-8') throw notUtf8Error();
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw tooDeepError();
  keepRawBody(req, res, body);
}

/**
 * The JSON body parser of the BFF and every service: at most `limit` bytes after
 * decompression (413), UTF-8 only (415), nesting checked before parsing (400). Malformed JSON
 * and corrupt compressed bodies become Spanish 400s in the error handler.
 */
export function jsonBodyParser(limit: string = JSON_LIMIT): RequestHandler {
  return express.json({ limit, verify: checkJsonText });
}

/**
 * The same checks for a consumer that parses JSON itself (tRPC answers a malformed body in its
 * own protocol): the body is left as text, read and checked, in `req.body`.
 */
export function jsonTextReader(limit: string = JSON_LIMIT): RequestHandler {
  return express.text({ type: 'application/json', limit, verify: checkJsonText });
}
