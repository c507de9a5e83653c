/** Work a transaction leaves for after its commit; it gets the database the commit was on. */
export type AfterCommit = (db: object) => void;

interface Transactional {
  transaction: (work: (tx: never) => Promise<unknown>, config?: never) => Promise<unknown>;
}

/** Each open transaction (and its savepoints) → what runs after its outermost commit. */
const pending = new WeakMap<object, Set<AfterCommit>>();
/** The databases whose transactions run `afterCommit` work (their own statements autocommit). */
const databases = new WeakSet<object>();

/**
 * Makes every transaction of `db` run what its work registered with `afterCommit` once it
 * has committed (nothing on a rollback). A savepoint's registrations join its transaction's,
 * even when the savepoint rolls back alone: they are wake-ups, harmless when spurious.
 */
export function runningAfterCommit<D extends object>(db: D): D {
  const database = db as unknown as Transactional; // a Drizzle database, whatever its schema
  const begin = database.transaction.bind(database);
  database.transaction = async (work, config) => {
    const callbacks = new Set<AfterCommit>();
    const result = await begin((tx) => work(tracked(tx, callbacks)), config);
    for (const run of callbacks) run(db);
    return result;
  };
  databases.add(db);
  return db;
}

function tracked<T>(tx: T, callbacks: Set<AfterCommit>): T {
  const savepoints = tx as Transactional;
  pending.set(savepoints, callbacks);
  const open = savepoints.transaction.bind(savepoints);
  savepoints.transaction = (work) => open((sp) => work(tracked(sp, callbacks)));
  return tx;
}

/**
 * Registers `run` for after the commit of `tx` (once per transaction however often it is
 * registered); false when `tx` is not a transaction of a database `runningAfterCommit` made
 * (a database itself, whose statements commit one by one): then the caller does it now.
 */
export function afterCommit(tx: object, run: AfterCommit): boolean {
  const callbacks = pending.get(tx);
  callbacks?.add(run);
  return callbacks !== undefined;
}

/**
 * As `afterCommit`, and on such a database itself (autocommit: the statement the caller just
 * ran has committed) runs `run` now; false only for an executor of neither kind.
 */
export function afterCommitOrNow(db: object, run: AfterCommit): boolean {
  if (afterCommit(db, run)) return true;
  if (!databases.has(db)) return false;
  run(db);
  return true;
}
