import { HttpError } from '@cuota/service-runtime/http/http-error';

/**
 * The public rows' cursor: the key of the last row answered, opaque to clients (base64url of a
 * JSON array), like enrolment's Public v1 (ADR 0014). Each part is checked against its shape,
 * so a forged cursor is a Spanish 400, never a 500 from PostgreSQL.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const encodeCursor = (parts: string[]) =>
  Buffer.from(JSON.stringify(parts)).toString('base64url');

export function decodeCursor(raw: string, shapes: RegExp[]): string[] {
  try {
    const parts = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parts) &&
      parts.length === shapes.length &&
      parts.every((p, i) => typeof p === 'string' && shapes[i]!.test(p))
    )
      return parts as string[];
  } catch {
    // falls through to the 400
  }
  throw new HttpError(
    400,
    'VALIDATION_FAILED',
    'El cursor no es válido; vuelve a pedir la primera página.',
    [{ path: 'cursor', message: 'El cursor no es válido.' }],
  );
}

/**
 * A page from the rows read (one more than asked, to know whether more wait). `next_cursor`
 * is after the last row answered, or the one sent when the page is empty, so a client keeps it
 * and later gets only what was created since.
 */
export function cursorPage<Row, Item>(
  rows: Row[],
  pageSize: number,
  sent: string | undefined,
  item: (row: Row) => Item,
  key: (row: Row) => string[],
) {
  const hasMore = rows.length > pageSize;
  const page = hasMore ? rows.slice(0, pageSize) : rows;
  const last = page[page.length - 1];
  return {
    results: page.map(item),
    next_cursor: last ? encodeCursor(key(last)) : (sent ?? null),
    has_more: hasMore,
  };
}
