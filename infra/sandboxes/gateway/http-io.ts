import type http from 'node:http';
import type { z } from '@cuota/contracts/common/spanish-messages';
import { invalidBody, KushkiError } from './kushki-error.ts';

const BODY_LIMIT = 64 * 1024;

/** The request's JSON body; `undefined` when there is none (e.g. a DELETE without one). */
export async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT)
      throw new KushkiError(413, 'K001', 'El cuerpo de la petición es demasiado grande.');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidBody('no es JSON válido.');
  }
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads and validates a JSON body; the first problem becomes Kushki's K001, in Spanish. */
export async function parseBody<T extends z.ZodType>(
  req: http.IncomingMessage,
  schema: T,
): Promise<z.output<T>> {
  return parseValue(schema, await readJson(req));
}

export function parseValue<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw invalidBody(`${where}${issue.message}`);
}
