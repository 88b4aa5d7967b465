import { overdueTransactions } from "@/db/queries/expiry";
import { getSettings } from "@/db/queries/settings";
import type { Ctx } from "@/lib/context";
import { expireTransaction } from "./expire-transaction";

/** The safety net behind the per-transaction expiry jobs (schedule-expiries.ts): expires every overdue transaction. */
export async function expireOverdue({ ctx }: { ctx: Ctx }): Promise<number> {
  if (!(await getSettings(ctx.db)).expire_transactions) return 0;
  let expired = 0;
  for (const sessionId of await overdueTransactions(ctx.db, 500)) {
    if (await expireTransaction({ ctx, input: { sessionId } })) expired++;
  }
  return expired;
}
