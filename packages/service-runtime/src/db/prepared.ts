import { createHash } from 'node:crypto';

/**
 * A hot read's statement, built once per database and named, instead of on every request:
 * Drizzle's query building was a fifth of a service's CPU on a list read, and a named
 * statement is parsed once per connection by PostgreSQL too (docs/adr/0034). `build` gets the
 * database and returns `query.prepare(name)` with `sql.placeholder`s for the values. A read
 * whose filters are optional passes a `shape` (which filters it has, e.g. `type,status`): one
 * statement per shape, each with its own name and exact SQL, so each keeps its best plan.
 * Inside a transaction it is built for that transaction (same name and text, so the
 * connection's parsed statement still serves it).
 */
export function preparedPerDatabase<D extends object, Q, K extends string = ''>(
  build: (db: D, shape: K) => Q,
): (db: D, shape?: K) => Q {
  const built = new WeakMap<D, Map<K, Q>>();
  return (db, shape = '' as K) => {
    let shapes = built.get(db);
    if (!shapes) built.set(db, (shapes = new Map()));
    let query = shapes.get(shape);
    if (!query) shapes.set(shape, (query = build(db, shape)));
    return query;
  };
}

/** PostgreSQL keeps the first 63 bytes of a name (NAMEDATALEN - 1). */
const NAME_BYTES = 63;

/**
 * A statement's name as PostgreSQL will keep it: unchanged when it fits, else its start and a
 * hash of the whole. PostgreSQL cuts a longer name to 63 bytes, so two shapes alike in their
 * first 63 (`…,billing:true` and `…,billing:false`) would be one statement to it and the
 * second connection's Parse would fail with «prepared statement already exists».
 */
export function statementName(name: string): string {
  if (Buffer.byteLength(name) <= NAME_BYTES) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 16);
  return `${name.slice(0, NAME_BYTES - hash.length - 1)}~${hash}`;
}
