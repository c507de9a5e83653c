import { HttpError } from '@cuota/service-runtime/http/http-error';

/**
 * The public rows' cursor: the key of the last row answered, opaque to clients (base64url of a
 * JSON array), like enrolment's Public v1 (ADR 0014). Each part is checked against its shape,
 * so a forged cursor is a Spanish 400, never a 500 from PostgreSQL.
 */
type Shape = (part: string) => boolean;

export const UUID: Shape = (p) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(p);
/** An instant as PostgreSQL prints it, and a real one: 2026-02-31 would fail the cast (a 500). */
export const INSTANT: Shape = (p) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(p)) return false;
  const date = new Date(p);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === p.slice(0, 23);
};
export const ANY_KEY: Shape = (p) => p.length > 0 && p.length <= 200;

export const encodeCursor = (parts: string[]) =>
  Buffer.from(JSON.stringify(parts)).toString('base64url');

export function decodeCursor(raw: string, shapes: Shape[]): string[] {
  try {
    const parts = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parts) &&
      parts.length === shapes.length &&
      parts.every((p, i) => typeof p === 'string' && shapes[i]!(p))
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
