import { enqueueJob, releaseStaleJobLocks } from "@/db/queries/jobs";
import { deleteExpiredIdempotencyKeys } from "@/db/queries/transactions";
import { overdueDeliveries } from "@/db/queries/webhooks";
import type { Ctx } from "@/lib/context";
import { env } from "@/lib/env";
import { expireOverdue } from "@/lib/expiry/expire-overdue";
import { deliveryJob } from "@/lib/webhooks/attempt-delivery";

/**
 * The periodic safety net: frees jobs of workers that died, expires overdue transactions whose job was
 * missed, gives lost webhook retries a job again, and forgets idempotency keys older than 24 hours.
 */
export async function runMaintenance({ ctx, input }: { ctx: Ctx; input: { requeueDeliveries: boolean } }) {
  const released = await releaseStaleJobLocks(ctx.db, env.JOB_LOCK_STALE_SECONDS);
  const expired = await expireOverdue({ ctx });
  let requeued = 0;
  if (input.requeueDeliveries) {
    for (const d of await overdueDeliveries(ctx.db, env.JOB_LOCK_STALE_SECONDS)) {
      await enqueueJob(ctx.db, { ...deliveryJob(d.id), jobKeyMode: "preserve_run_at" });
      requeued++;
    }
  }
  await deleteExpiredIdempotencyKeys(ctx.db);
  return { released, expired, requeued };
}
