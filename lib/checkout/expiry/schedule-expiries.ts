import { scheduleExpiryJobs } from "@/db/queries/expiry";
import type { Ctx } from "@/lib/core/context";
import { FROM_STATES } from "@/lib/checkout/lifecycle/verbs";

/** How far ahead of its expiration time a transaction gets its expiry job. */
export const EXPIRY_WINDOW_SECONDS = 60;
/** How often the worker looks: a transaction expiring sooner than this after its creation expires this late at most. */
export const EXPIRY_SCHEDULE_INTERVAL_MS = 1_000;
const BATCH = 500;

/**
 * Queues the expiry jobs of the transactions expiring soon, each to run at its expiration time. Most
 * transactions end (paid, failed, canceled) long before they would expire and never need one. Returns how many
 * were queued.
 */
export async function scheduleExpiries({ ctx }: { ctx: Ctx }): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await scheduleExpiryJobs(ctx.db, FROM_STATES.expire, EXPIRY_WINDOW_SECONDS, BATCH);
    queued += batch;
    if (batch < BATCH) return queued;
  }
}
