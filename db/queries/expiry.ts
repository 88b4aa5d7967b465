import { sql } from "kysely";
import type { Db } from "../client";
import type { TransactionState } from "../types";
import { addJobSql } from "./jobs";

/**
 * Queues, at its expiration time, the expiry job of every `expirable` transaction (the payable states of
 * lib/checkout/lifecycle/verbs.ts: created, attempted, or pending with a payment open at its gateway; the partial index
 * transactions_expiring covers exactly them, test/checkout/lifecycle-sql.test.ts checks) expiring within `windowSeconds`
 * (already overdue included) whose current expires_at has no job yet, and returns how many it queued. Nothing is
 * queued while expiry is off. An update that moves expires_at gets a new job (same key: it replaces the old one).
 * Several workers may run this at once: rows one of them holds are skipped by the others.
 */
export async function scheduleExpiryJobs(
  db: Db,
  expirable: readonly TransactionState[],
  windowSeconds: number,
  limit: number,
): Promise<number> {
  const { rows } = await sql<{ queued: string }>`
    WITH due AS (
      SELECT session_id, expires_at FROM transactions
      WHERE state = ANY(${expirable}::text[])
        AND expires_at <= now() + make_interval(secs => ${windowSeconds})
        AND expiry_job_at IS DISTINCT FROM expires_at
        AND (SELECT expire_transactions FROM settings WHERE id = 1)
      ORDER BY expires_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), marked AS (
      UPDATE transactions t SET expiry_job_at = due.expires_at
      FROM due WHERE t.session_id = due.session_id
      RETURNING t.session_id, t.expires_at
    )
    SELECT count(${addJobSql("expire-transaction", sql`marked.session_id`, { runAt: sql`marked.expires_at` })}) AS queued FROM marked`.execute(db);
  return Number(rows[0]!.queued);
}

/** Sessions past their expiration time that can still be paid (`expirable`: the payable states; a payment open at its gateway included). */
export function overdueTransactions(db: Db, expirable: readonly TransactionState[], limit: number) {
  return db
    .selectFrom("transactions")
    .select("session_id")
    .where("state", "in", expirable)
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
