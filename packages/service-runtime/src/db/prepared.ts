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
