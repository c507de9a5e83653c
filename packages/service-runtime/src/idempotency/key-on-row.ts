import { assertSameRequest } from './same-request';

/**
 * The key-on-the-row form of ADR 0019: where the business row is itself the answer and must
 * commit with its key (a payin, a ledger posting keyed by its business event), the key and
 * the request's hash are columns of that row under a unique index, instead of a row of
 * `idempotency_keys`. The key never expires: it answers for as long as the row exists.
 */

/** What the form reads of a row: the hash stored with its key (`requestHash` of the request). */
export interface KeyedRow {
  requestHash: string;
}

/** The row the key holds, and whether an earlier request made it (nothing new was written). */
export interface RowAnswer<Row> {
  row: Row;
  replayed: boolean;
}

/** Another request holds the key: thrown from the insert, it rolls back the work around it. */
export class KeyTaken extends Error {}

/**
 * The row an `INSERT … ON CONFLICT (key) DO NOTHING RETURNING` gave, or KeyTaken when it gave
 * none. A concurrent insert of the same key waits on the unique index until the first one's
 * transaction ends: then it inserts (rollback) or gives nothing (commit).
 */
export function claimed<Row>(row: Row | undefined): Row {
  if (!row) throw new KeyTaken();
  return row;
}

export interface OnceOnRow<Row extends KeyedRow> {
  /** `requestHash` of what defines the request. */
  hash: string;
  /** The row the key holds, if any (read committed: it sees the winner once it committed). */
  find: () => Promise<Row | null>;
  /** Does the work and inserts the row through `claimed`. */
  create: () => Promise<Row>;
  /** What the same key with another request throws; the 422 by default (same-request.ts). */
  refuse?: () => Error;
}

/**
 * Runs `create` at most once per key: the row the key already holds answers (the same request
 * only), so a retry does nothing again; when a concurrent request inserted first, `create`'s
 * KeyTaken rolled its work back and the winner's row answers.
 */
export async function onceOnRow<Row extends KeyedRow>({
  hash,
  find,
  create,
  refuse,
}: OnceOnRow<Row>): Promise<RowAnswer<Row>> {
  const replay = (row: Row) => {
    assertSameRequest(row.requestHash, hash, refuse);
    return { row, replayed: true };
  };
  const first = await find();
  if (first) return replay(first);
  try {
    return { row: await create(), replayed: false };
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    return replay((await find())!);
  }
}
