import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import { insertEvent, listPendingAttempts, settleAttempt } from "@/db/queries/payments";
import type { TransactionRow } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/context";
import { adapterFor } from "@/lib/gateways/adapters";

export const SUPERSEDED_MESSAGE = "Replaced by a newer payment attempt";

/**
 * One payment at a time: before a new attempt starts, every earlier attempt still waiting for its result is
 * released at its gateway (it can no longer be charged) and marked `superseded`. Runs inside the caller's
 * database transaction, with the transaction row locked. False when an earlier attempt cannot be released
 * (its card is already with the bank): then no new attempt may start until that one has its answer.
 */
export async function releaseUnfinishedAttempts(tx: Ctx, txn: TransactionRow): Promise<boolean> {
  for (const attempt of await listPendingAttempts(tx.db, txn.session_id)) {
    const gateway = await findGatewaySettingByCode(tx.db, attempt.gateway_code);
    const adapter = adapterFor(attempt.pg);
    if (!gateway || !adapter || (await adapter.releasePayment(tx, gateway, attempt.reference_number)) !== "released") return false;
    await settleAttempt(tx.db, attempt.id, { state: "superseded", message: SUPERSEDED_MESSAGE });
    await insertEvent(tx.db, {
      sessionId: txn.session_id,
      kind: "attempt_superseded",
      from: txn.state,
      to: txn.state,
      cause: "newer_attempt",
      attemptId: attempt.id,
      data: { reference_number: attempt.reference_number },
    });
  }
  return true;
}
