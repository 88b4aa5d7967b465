import { sql } from "kysely";
import type { Db } from "../client";

/** Sessions past their expiration time that are still waiting for the customer. */
export function overdueTransactions(db: Db, limit: number) {
  return db
    .selectFrom("transactions")
    .select("session_id")
    .where("state", "in", ["created", "attempted"])
    .where("expires_at", "<=", sql<Date>`now()`)
    .orderBy("expires_at")
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.session_id));
}

/** A transaction's state and deadline, locked for the caller's transaction. */
export function lockTransactionState(db: Db, sessionId: string) {
  return db
    .selectFrom("transactions")
    .select(["state", "expires_at"])
    .where("session_id", "=", sessionId)
    .forUpdate()
    .executeTakeFirst();
}
