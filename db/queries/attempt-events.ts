import type { Db } from "../client";

/** The newest event about an attempt: what its webhook says (or, while it is pending, that it started). */
export function findLatestAttemptEvent(db: Db, attemptId: string) {
  return db
    .selectFrom("transaction_events")
    .select(["event_id", "kind", "to_state", "created_at", "data"])
    .where("attempt_id", "=", attemptId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
}
