import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '@cuota/contracts/enrolment/permissions';
import type { PublicV1Query } from '@cuota/contracts/enrolment/integrations';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { EnrolmentDb } from '../enrolment-db';

/**
 * One "Public v1" resource: how to read a school's rows of it. The generic part below adds
 * `updated_since`, the keyset cursor, the order and the page size, the same for every resource.
 */
export interface PublicResource<Dto extends PublicRow> {
  /** The path segment: /api/v1/internal/public/{name}/. */
  name: string;
  /** The read permission the caller needs in `school_id`. */
  permission: Permission;
  /** When a row last changed (a timestamptz expression): the order and `updated_since`. */
  changedAt: SQL;
  /** The row's id (a uuid column): the tie-breaker of the order. */
  id: SQL;
  /**
   * The school's rows that pass `where`, ordered by `orderBy`, at most `limit`; each row's
   * `updated_at` is `at` (changedAt as text, with microseconds).
   */
  rows: (
    db: EnrolmentDb,
    page: { schoolId: string; where: SQL; orderBy: SQL[]; limit: number; at: SQL<string> },
  ) => Promise<Dto[]>;
}

/** What every resource's rows carry: the cursor is built from these two. */
export interface PublicRow {
  id: string;
  updated_at: string;
}

interface Cursor {
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

/** Opaque to clients: the last row's (changed_at with microseconds, id). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

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
 * PostgreSQL keeps microseconds and a JavaScript Date only milliseconds: the cursor carries the
 * instant as PostgreSQL prints it, so rows changed within the same millisecond are not skipped.
 */
const asCursorInstant = (at: SQL) =>
  sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A page of a resource in (changed_at, id) order. `next_cursor` is the position after the last
 * row answered (the one sent back when the page is empty): a client keeps it and asks again
 * later to get only what changed since. `has_more` says whether more rows are waiting now.
 */
export async function publicPage<Dto extends PublicRow>(
  db: EnrolmentDb,
  resource: PublicResource<Dto>,
  query: PublicV1Query,
): Promise<{ results: Dto[]; next_cursor: string | null; has_more: boolean }> {
  const conditions: SQL[] = [];
  if (query.updated_since)
    conditions.push(sql`${resource.changedAt} >= ${query.updated_since}::timestamptz`);
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      sql`(${resource.changedAt}, ${resource.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await resource.rows(db, {
    schoolId: query.school_id,
    where: and(sql`true`, ...conditions)!,
    orderBy: [asc(resource.changedAt), asc(resource.id)],
    limit: query.page_size + 1,
    at: asCursorInstant(resource.changedAt),
  });
  const hasMore = rows.length > query.page_size;
  const page = hasMore ? rows.slice(0, query.page_size) : rows;
  const last = page[page.length - 1];
  return {
    results: page,
    next_cursor: last ? encodeCursor({ at: last.updated_at, id: last.id }) : (query.cursor ?? null),
    has_more: hasMore,
  };
}
