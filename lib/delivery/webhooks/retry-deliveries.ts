import { z } from "zod";
import { lockDeliveries, reopenDelivery } from "@/db/queries/delivery-retries";
import { enqueueJob, jobSpec } from "@/db/queries/jobs";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation/parse-input";

export const MAX_RETRIED_AT_ONCE = 100;

export const retryDeliveriesInput = z.object({
  deliveryIds: z
    .array(z.string().regex(/^\d{1,18}$/, "A delivery is named by its id."))
    .min(1, "Choose at least one delivery to retry.")
    .max(MAX_RETRIED_AT_ONCE, `Retry at most ${MAX_RETRIED_AT_ONCE} deliveries at a time.`),
});

/**
 * Sends webhook deliveries again now (failed, waiting for a retry, or delivered and to be resent): each becomes
 * pending, due now, and gets the job the webhook engine runs for a planned delivery, the same payload (so the
 * same webhook-id) signed afresh. All or nothing, with an audit entry each, in one database transaction. A
 * delivery of a transaction the user may not see is not found, as a missing one.
 */
export async function retryDeliveries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller } & z.input<typeof retryDeliveriesInput>;
}): Promise<{ retried: number }> {
  const ids = [...new Set(parseInput(retryDeliveriesInput, { deliveryIds: input.deliveryIds }).deliveryIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const found = await lockDeliveries(trx, ids);
    if (found.length !== ids.length || found.some((d) => !canSeeTransaction(input.caller, d.pg_codes))) {
      throw new NotFound(ids.length === 1 ? "No such delivery." : "One of these deliveries does not exist: nothing was retried.");
    }
    for (const delivery of found) {
      const dueAt = await reopenDelivery(trx, delivery.id);
      // dueAt marks this request as a new one for the Inngest relay (inngest/relay-tasks.ts), whose first
      // request for the delivery Inngest would otherwise ignore as already seen.
      await enqueueJob(trx, jobSpec("deliver-webhook", delivery.id, { data: { dueAt: dueAt.toISOString() } }));
      await recordAudit(trx, input.caller, {
        action: "webhook.retry",
        entity: "webhook_delivery",
        entityId: delivery.id,
        before: { session_id: delivery.session_id, state: delivery.state, attempt_count: delivery.attempt_count, last_status: delivery.last_status },
        after: { session_id: delivery.session_id, state: "pending" },
      });
    }
    return { retried: found.length };
  });
}
