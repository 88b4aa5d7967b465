import { lockTransactionState } from "@/db/queries/expiry";
import { getSettings } from "@/db/queries/settings";
import type { Ctx } from "@/lib/core/context";
import { expireAtDeadline } from "./expire-at-deadline";
import { isPastDeadline } from "@/lib/core/time/payment-deadline";

/**
 * With 'Expire Payment Transactions?' on, a created, attempted or pending transaction past its expiration time
 * becomes expired (its event then sends the webhook and notifications); a payment still open at its gateway is
 * released first (expire-at-deadline.ts). Safe to run any number of times, early or late.
 */
export async function expireTransaction({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const settings = await getSettings(trx);
    if (!settings.expire_transactions) return false;
    const before = await lockTransactionState(trx, input.sessionId);
    if (!before || !isPastDeadline(before)) return false;
    return expireAtDeadline({ ...ctx, db: trx }, { session_id: input.sessionId, state: before.state }, "expiry");
  });
}
