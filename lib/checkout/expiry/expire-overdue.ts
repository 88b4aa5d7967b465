import { overdueTransactions } from "@/db/queries/expiry";
import { getSettings } from "@/db/queries/settings";
import type { Ctx } from "@/lib/core/context";
import { FROM_STATES } from "@/lib/checkout/lifecycle/verbs";
import { logger } from "@/lib/core/log/logger";
import { expireTransaction } from "./expire-transaction";

/** The safety net behind the per-transaction expiry jobs (schedule-expiries.ts): expires every overdue transaction. */
export async function expireOverdue({ ctx }: { ctx: Ctx }): Promise<number> {
  if (!(await getSettings(ctx.db)).expire_transactions) return 0;
  let expired = 0;
  for (const sessionId of await overdueTransactions(ctx.db, FROM_STATES.expire, 500)) {
    try {
      if (await expireTransaction({ ctx, input: { sessionId } })) expired++;
    } catch (err) {
      // One transaction whose expiry failed (its job retries it) does not hold back the others.
      logger.warn({ err, sessionId }, "could not expire an overdue transaction");
    }
  }
  return expired;
}
