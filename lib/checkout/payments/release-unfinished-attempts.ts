import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { insertEvent, listPendingAttempts, settleAttempt } from "@/db/queries/payments";
import type { TransactionRow } from "@/db/queries/transactions";
import type { PaymentAttempt } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import { GatewayUnavailable } from "@/lib/core/errors";
import { adapterFor } from "@/lib/gateways/adapters";
import { logger } from "@/lib/core/log/logger";

/** Why the attempts are released: a newer attempt (the default), the merchant closing the transaction, its deadline. */
const REASONS = {
  newer_attempt: "Replaced by a newer payment attempt",
  closed: "The transaction was canceled or expired by the merchant",
  expiry: "The time to pay ran out",
} as const;

type Released = Pick<TransactionRow, "session_id" | "state">;

/**
 * One payment at a time: before a new attempt starts (or the merchant cancels or expires the transaction), every
 * earlier attempt still waiting for its result is released at its gateway (it can no longer be charged) and
 * marked `superseded`. Runs inside the caller's
 * database transaction, with the transaction row locked. False when an earlier attempt cannot be released
 * (its card is already with the bank): then no new attempt may start until that one has its answer.
 */
export async function releaseUnfinishedAttempts(tx: Ctx, txn: Released, reason: Exclude<keyof typeof REASONS, "expiry"> = "newer_attempt"): Promise<boolean> {
  for (const attempt of await listPendingAttempts(tx.db, txn.session_id)) {
    if (!(await releaseAttempt(tx, txn, attempt, reason, false))) return false;
  }
  return true;
}

/**
 * At the transaction's deadline, inside the caller's database transaction with its row locked: every attempt
 * still open at its gateway is released there and marked `superseded`. One its gateway cannot stop now (the card
 * is with the bank, the gateway has no such call or does not answer) stays pending for the maintenance sweep to
 * ask about; a success it brings later is given back. Returns how many stayed pending.
 */
export async function releaseAttemptsAtDeadline(tx: Ctx, txn: Released): Promise<number> {
  let left = 0;
  for (const attempt of await listPendingAttempts(tx.db, txn.session_id)) {
    if (!(await releaseAttempt(tx, txn, attempt, "expiry", true))) left++;
  }
  return left;
}

async function releaseAttempt(tx: Ctx, txn: Released, attempt: PaymentAttempt, reason: keyof typeof REASONS, tolerateUnavailable: boolean) {
  const gateway = await cachedGatewaySetting(tx.db, attempt.gateway_code);
  const adapter = adapterFor(attempt.pg);
  if (!gateway || !adapter) return false;
  const answer = await adapter.releasePayment(tx, gateway, attempt.reference_number).catch((error: unknown) => {
    if (!tolerateUnavailable || !(error instanceof GatewayUnavailable)) throw error;
    logger.warn({ reference: attempt.reference_number, reason: error.message }, "gateway unavailable: an expired transaction's attempt stays pending");
    return "busy" as const;
  });
  if (answer !== "released") return false;
  await settleAttempt(tx.db, attempt.id, { state: "superseded", message: REASONS[reason] });
  await insertEvent(tx.db, {
    sessionId: txn.session_id,
    kind: "attempt_superseded",
    from: txn.state,
    to: txn.state,
    cause: reason,
    attemptId: attempt.id,
    data: { reference_number: attempt.reference_number },
  });
  return true;
}
