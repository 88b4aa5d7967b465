import {
  flagDuplicateAttempt,
  insertEvent,
  moveTransaction,
  settleAttempt,
} from "@/db/queries/payments";
import { findTransactionView } from "@/db/queries/transactions";
import type { PaymentAttempt, TransactionState } from "@/db/types";
import type { Db } from "@/db/client";
import { isPastDeadline } from "@/lib/core/time/payment-deadline";
import type { FinalResult } from "@/lib/gateways/adapter";
import { queueGiveBack } from "@/lib/checkout/operations/queue-give-back";
import { keepSavedCard } from "./keep-saved-card";
import { PAYABLE, transitionFor } from "@/lib/checkout/lifecycle/verbs";
import { RESULT_WORDS } from "./transitions";

/**
 * Settles a pending attempt with a final gateway result, inside the caller's database transaction:
 * the attempt moves once (of many messages about it, one wins), then the transaction moves conditionally,
 * and one event records it. A success that finds the transaction already settled is a duplicate payment.
 * Returns false when the attempt was already settled (nothing changed).
 *
 * The transaction's row is locked first, then the attempt's: the order the pay action and the expiry take them
 * too, so a result racing either waits for it and sees where it left the transaction. A result that comes after
 * the deadline (expires_at) to a transaction still payable expires it first: a success then is a duplicate
 * payment, given back, and the merchant never hears `paid`; a decline or cancel ends the transaction expired.
 */
export async function applyGatewayResult(
  db: Db,
  attempt: PaymentAttempt,
  result: FinalResult,
  cause: string,
): Promise<boolean> {
  const view = (await findTransactionView(db, attempt.session_id, true))!;
  // Settled already (the gateway's other message won): read under the lock, a settled state is final. One that
  // still reads pending is settled below only if it still is.
  if (view.attempts.some((a) => a.reference_number === attempt.reference_number && a.state !== "pending")) return false;
  const settled = await settleAttempt(db, attempt.id, settledAttempt(result));
  if (!settled) return false;

  const { txn } = view;
  let state: TransactionState = txn.state;
  if (PAYABLE.includes(state) && isPastDeadline(txn)) {
    await moveTransaction(db, txn.session_id, PAYABLE, "expired");
    await insertEvent(db, {
      sessionId: txn.session_id,
      kind: "state_changed",
      from: state,
      to: "expired",
      cause: "result_after_expiry",
      data: { reference_number: attempt.reference_number, outcome: result.outcome },
    });
    state = "expired";
  }

  // The attempt's gateway decides between paid and authorized (a transaction's gateways may differ).
  const operation = view.gateways.find((g) => g.code === attempt.gateway_code)?.operation ?? txn.operation;
  const { to, from } = transitionFor(result.outcome, operation, txn.interface);
  const moved = await moveTransaction(
    db,
    txn.session_id,
    from,
    to,
    result.outcome === "success" ? { paid_amount: attempt.amount, operation } : {},
  );
  const data = resultEventData(attempt, result);

  if (moved) {
    await insertEvent(db, { sessionId: txn.session_id, kind: "state_changed", from: state, to, cause, attemptId: attempt.id, data });
  } else if (result.outcome === "success") {
    // Money moved for a transaction that was already settled (or expired, or canceled): give it back.
    await flagDuplicateAttempt(db, attempt.id);
    await queueGiveBack(db, attempt, operation);
    await insertEvent(db, {
      sessionId: txn.session_id,
      kind: "duplicate_payment",
      from: state,
      to: state,
      cause,
      attemptId: attempt.id,
      data: { ...data, transaction_state: state },
    });
  } else {
    await insertEvent(db, { sessionId: txn.session_id, kind: "attempt_settled", from: state, to: state, cause, attemptId: attempt.id, data });
  }

  await keepSavedCard(db, txn, attempt, result);
  return true;
}

/** The attempt's columns a final result sets (besides its times). */
export const settledAttempt = (result: FinalResult) => ({
  state: result.outcome,
  gateway_response: JSON.stringify(result.gatewayResponse),
  card: result.card ? JSON.stringify(result.card) : null,
  message: result.message,
});

/** The data of the event that records an attempt's final result. */
export const resultEventData = (attempt: PaymentAttempt, result: FinalResult) => ({
  result: RESULT_WORDS[result.outcome],
  outcome: result.outcome,
  reference_number: attempt.reference_number,
});
