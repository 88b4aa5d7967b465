import { sql } from "kysely";
import type { Db } from "../client";

/**
 * The payment link's resends of the last `windowSeconds`, oldest first, each as the seconds until it leaves the
 * window. Counted on the database's clock, the one that stamped them.
 */
export async function recentLinkResends(db: Db, sessionId: string, windowSeconds: number): Promise<number[]> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .selectFrom("transaction_events")
    .select(sql<number>`extract(epoch FROM created_at + ${window} - now())::float8`.as("seconds_left"))
    .where("session_id", "=", sessionId)
    .where("kind", "=", "link_resent")
    .where("created_at", ">", sql<Date>`now() - ${window}`)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => Number(row.seconds_left));
}
