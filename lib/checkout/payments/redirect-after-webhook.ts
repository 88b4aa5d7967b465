import type { TransactionRow } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/core/context";
import { resultTarget } from "@/lib/checkout/result/result-target";
import { awaitWebhookAnswer } from "./await-webhook-answer";

/**
 * Without a results endpoint (webhook_url; a legacy transaction's disclosure_url) the customer goes to `target` at
 * once; with one, only after the first answer to the result's delivery was HTTP 200 (`wait`: wait for it, within
 * the webhook's timeout after `resultAt`, when the result was recorded; else null).
 */
export async function redirectAfterWebhook(
  ctx: Ctx,
  txn: Pick<TransactionRow, "session_id" | "interface" | "webhook_url" | "disclosure_url">,
  target: string | null,
  wait: { resultAt: Date | null } | false,
): Promise<string | null> {
  if (!target || !resultTarget(txn)) return target;
  return wait && (await awaitWebhookAnswer({ ctx, input: { sessionId: txn.session_id, resultAt: wait.resultAt } })) ? target : null;
}
