import type { Db } from "./client";

/** Runs `work` in a transaction: the caller's when it is already in one (its change then commits with theirs). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
