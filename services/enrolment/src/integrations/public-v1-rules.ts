import { HttpError } from '@cuota/service-runtime/http/http-error';

/**
 * Public v1's cursor: the last row answered, as (changed_at with microseconds, id), opaque
 * to clients. PostgreSQL keeps microseconds and a JavaScript Date only milliseconds, so the
 * instant travels as PostgreSQL prints it: rows changed within one millisecond are not skipped.
 */
export interface Cursor {
  at: string;
  id: string;
}

const badCursor = () =>
  new HttpError(
    400,
    'VALIDATION_FAILED',
    'El cursor no es válido; vuelve a pedir la primera página.',
    [{ path: 'cursor', message: 'El cursor no es válido.' }],
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The cursor a client sent back, or a Spanish 400 for anything else. */
export function decodeCursor(raw: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && INSTANT.test(at) && typeof id === 'string' && UUID.test(id))
      return { at, id };
  } catch {
    // falls through to the 400
  }
  throw badCursor();
}

/**
 * A page from the rows read (one more than the page size, to know whether more wait):
 * `next_cursor` is the position after the last row answered, or the one sent when the page
 * is empty, so a client keeps it and later gets only what changed since.
 */
export function pageOf<Row extends { id: string; updated_at: string }>(
  rows: Row[],
  pageSize: number,
  sentCursor: string | undefined,
): { results: Row[]; next_cursor: string | null; has_more: boolean } {
  const hasMore = rows.length > pageSize;
  const page = hasMore ? rows.slice(0, pageSize) : rows;
  const last = page[page.length - 1];
  return {
    results: page,
    next_cursor: last ? encodeCursor({ at: last.updated_at, id: last.id }) : (sentCursor ?? null),
    has_more: hasMore,
  };
}
