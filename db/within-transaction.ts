import type { Db } from "./client";

/** Runs `work` in the caller's transaction when there is one (so a change and its audit entry commit together), else in its own. */
export function withinTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
