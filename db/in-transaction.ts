import type { Db } from "./client";

/**
 * Runs `work` in a transaction: the caller's when it is already in one (its change, and the audit entry written
 * with it, then commit with theirs), else in its own.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
