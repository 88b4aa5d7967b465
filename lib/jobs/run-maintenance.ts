import { enqueueJob, forgetPools, jobSpec, releaseStaleJobLocks } from "@/db/queries/jobs";
import { forgetOldOperationKeys, listPendingOperations } from "@/db/queries/operations";
import { takeQuietPendingAttempts } from "@/db/queries/payments";
import { deleteExpiredIdempotencyKeys } from "@/db/queries/transactions";
import { overdueDeliveries } from "@/db/queries/webhooks";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { expireOverdue } from "@/lib/checkout/expiry/expire-overdue";
import { askAboutAttempts } from "@/lib/checkout/payments/ask-about-attempts";
import { POOL_SILENT_SECONDS } from "./pool-heartbeat";

// Attempts asked about per maintenance run: a real gateway's inquiry takes a round trip each.
const SWEEP_BATCH = 20;

/**
 * Attempts a minute without news (the gateway's answer lost in a crash, a callback that never came) are asked
 * about, a few per run, quietest first; returns how many the answers settled.
 */
async function sweepPendingAttempts(ctx: Ctx): Promise<number> {
  const quiet = await takeQuietPendingAttempts(ctx.db, 60, SWEEP_BATCH);
  return askAboutAttempts({ ctx, input: { referenceNumbers: quiet.map((a) => a.reference_number) } });
}

/**
 * The periodic safety net: frees jobs of workers that died, expires overdue transactions whose job was
 * missed, asks again about operations and payment attempts left pending, finds webhook deliveries long past
 * their next try (their job or run was lost) — queued again here when `requeueDeliveries`, else returned for
 * the caller's engine — and forgets idempotency keys over 24 hours.
 */
export async function runMaintenance({ ctx, input }: { ctx: Ctx; input: { requeueDeliveries: boolean } }) {
  const released = await releaseStaleJobLocks(ctx.db, { olderThanSeconds: env.JOB_LOCK_STALE_SECONDS, silentSeconds: POOL_SILENT_SECONDS });
  await forgetPools(ctx.db, { silentForSeconds: 86_400 });
  const expired = await expireOverdue({ ctx });
  const overdue = await overdueDeliveries(ctx.db, env.JOB_LOCK_STALE_SECONDS);
  if (input.requeueDeliveries) {
    for (const d of overdue) await enqueueJob(ctx.db, jobSpec("deliver-webhook", d.id, { keyMode: "preserve_run_at" }));
  }
  // Operations their gateway has not answered for a minute (or never got, after a crash) are asked about again.
  const stuck = await listPendingOperations(ctx.db, { olderThanSeconds: 60 });
  for (const op of stuck) await enqueueJob(ctx.db, jobSpec("settle-operation", op.id));
  const swept = await sweepPendingAttempts(ctx);
  await deleteExpiredIdempotencyKeys(ctx.db);
  await forgetOldOperationKeys(ctx.db);
  return {
    released,
    expired,
    operationsRequeued: stuck.length,
    attemptsSettled: swept,
    requeued: input.requeueDeliveries ? overdue.length : 0,
    overdueDeliveries: input.requeueDeliveries ? [] : overdue.map((d) => ({ id: d.id, nextAttemptAt: d.next_attempt_at?.toISOString() ?? null })),
  };
}
