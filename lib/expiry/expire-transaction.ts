import { lockTransactionState } from "@/db/queries/expiry";
import { insertEvent, moveTransaction } from "@/db/queries/payments";
import { getSettings } from "@/db/queries/settings";
import type { Ctx } from "@/lib/context";

/**
 * With 'Expire Payment Transactions?' on, a created or attempted transaction past its expiration time becomes
 * expired (its event then sends the webhook and notifications). Safe to run any number of times, early or late.
 */
export async function expireTransaction({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const settings = await getSettings(trx);
    if (!settings.expire_transactions) return false;
    const before = await lockTransactionState(trx, input.sessionId);
    if (!before || before.expires_at.getTime() > Date.now()) return false;
    const moved = await moveTransaction(trx, input.sessionId, ["created", "attempted"], "expired");
    if (!moved) return false;
    await insertEvent(trx, { sessionId: input.sessionId, kind: "state_changed", from: before.state, to: "expired", cause: "expiry" });
    return true;
  });
}
