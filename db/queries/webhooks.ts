import { sql } from "kysely";
import type { Db } from "../client";
import { addJob, type JobSpec } from "./jobs";
import { ATTEMPT_COLUMNS, DELIVERY_COLUMNS, qualified } from "../columns";

export function findAttempt(db: Db, id: string) {
  return db.selectFrom("payment_attempts").select(ATTEMPT_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** One delivery per event and URL; planning twice finds the first. */
export async function upsertDelivery(
  db: Db,
  row: { eventId: string; sessionId: string; url: string; payload: Record<string, unknown> },
): Promise<string> {
  const existing = () =>
    db.selectFrom("webhook_deliveries").select("id").where("event_id", "=", row.eventId).where("url", "=", row.url);
  // One round trip: the new row's id, or the earlier plan's.
  const planned = await db
    .with("inserted", (qb) =>
      qb
        .insertInto("webhook_deliveries")
        .values({ event_id: row.eventId, session_id: row.sessionId, url: row.url, payload: JSON.stringify(row.payload) })
        .onConflict((oc) => oc.columns(["event_id", "url"]).doNothing())
        .returning("id"),
    )
    .selectFrom("inserted")
    .select("id")
    .unionAll(existing())
    .executeTakeFirst();
  // A plan committed by another process after this statement began is not in its snapshot: read it now.
  return planned?.id ?? (await existing().executeTakeFirstOrThrow()).id;
}

/** A delivery with the settings' signing keys it is sent with: one round trip per try. */
export function findDeliveryToSend(db: Db, id: string) {
  return db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("settings as s", (join) => join.on("s.id", "=", 1))
    .select(qualified("d", DELIVERY_COLUMNS))
    .select(["s.webhook_hmac_key", "s.webhook_hmac_previous_key", "s.webhook_hmac_previous_until"])
    .where("d.id", "=", id)
    .executeTakeFirst();
}

/**
 * The channel on which each recorded try of a delivery is announced. Its payload is the delivery's session id, the
 * delivery's id, the try's number and its HTTP status (absent when there was no answer), separated by spaces.
 */
export const WEBHOOK_ANSWERED_CHANNEL = "checkout_webhook_answered";

/**
 * Records one try, where the delivery stands after it, and the next try's job: one statement, so all or none of
 * it happens; announced on WEBHOOK_ANSWERED_CHANNEL at commit.
 */
export async function recordDeliveryAttempt(
  db: Db,
  attempt: {
    deliveryId: string;
    attemptNo: number;
    status: number | null;
    durationMs: number;
    excerpt: string | null;
    error: string | null;
    headers: Record<string, string> | null;
  },
  outcome: { state: "pending" | "delivered" | "failed"; nextAttemptAt: Date | null },
  retryJob?: JobSpec,
): Promise<void> {
  await sql`
    WITH attempt AS (
      INSERT INTO webhook_attempts (delivery_id, attempt_no, status_code, duration_ms, response_excerpt, error, request_headers)
      VALUES (${attempt.deliveryId}, ${attempt.attemptNo}, ${attempt.status}, ${attempt.durationMs}, ${attempt.excerpt},
        ${attempt.error?.slice(0, 500) ?? null}, ${attempt.headers && JSON.stringify(attempt.headers)}::jsonb)
    ), retry AS (
      SELECT ${retryJob ? addJob(retryJob) : sql`NULL`}
    ), answered AS (
      -- Heard at commit by a result page waiting for this answer (lib/checkout/payments/webhook-answer-notices.ts).
      SELECT pg_notify(${WEBHOOK_ANSWERED_CHANNEL}, concat_ws(' ', session_id, id, ${attempt.attemptNo}::int, ${attempt.status}::int))
      FROM webhook_deliveries WHERE id = ${attempt.deliveryId}
    )
    UPDATE webhook_deliveries
    SET state = ${outcome.state}, attempt_count = ${attempt.attemptNo}, last_status = ${attempt.status},
        next_attempt_at = ${outcome.nextAttemptAt},
        delivered_at = ${outcome.state === "delivered" ? sql`now()` : null}
    -- The retry and answered CTEs run only when referenced.
    WHERE id = ${attempt.deliveryId} AND EXISTS (SELECT FROM retry) AND EXISTS (SELECT FROM answered)`.execute(db);
}

/** The answer to the first try of the latest delivery about a finished payment, if it was tried yet. */
export async function firstDeliveryAnswer(
  db: Db,
  sessionId: string,
): Promise<{ deliveryId: string; tried: boolean; status: number | null } | null> {
  const { rows } = await sql<{ delivery_id: string; status_code: number | null; tried: boolean }>`
    SELECT d.id AS delivery_id, a.status_code, a.id IS NOT NULL AS tried
    FROM webhook_deliveries d
    LEFT JOIN webhook_attempts a ON a.delivery_id = d.id AND a.attempt_no = 1
    WHERE d.session_id = ${sessionId}
    ORDER BY d.id DESC LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { deliveryId: row.delivery_id, tried: row.tried, status: row.status_code } : null;
}

/** Pending deliveries whose next try is overdue: their job was lost (a crash between commit and enqueue). */
export function overdueDeliveries(db: Db, graceSeconds: number) {
  return db
    .selectFrom("webhook_deliveries")
    .select(["id", "next_attempt_at"])
    .where("state", "=", "pending")
    .where(sql<boolean>`coalesce(next_attempt_at, created_at) < now() - make_interval(secs => ${graceSeconds})`)
    .limit(500)
    .execute();
}
