/**
 * A hot read's statement, built once per database and named, instead of on every request:
 * Drizzle's query building was a fifth of a service's CPU on a list read, and a named
 * statement is parsed once per connection by PostgreSQL too (docs/adr/0034). `build` gets the
 * database and returns `query.prepare(name)` with `sql.placeholder`s for the values. Inside a
 * transaction it is built for that transaction (same name and text, so the connection's
 * parsed statement still serves it).
 */
export function preparedPerDatabase<D extends object, Q>(build: (db: D) => Q): (db: D) => Q {
  const built = new WeakMap<D, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
