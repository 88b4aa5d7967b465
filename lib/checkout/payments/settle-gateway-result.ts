import type { Db } from "@/db/client";
import { type AttemptToSettle, recordGatewayMessage } from "@/db/queries/payments";
import { settleAtOnce } from "@/db/queries/settle-at-once";
import { BadRequest } from "@/lib/core/errors";
import type { FinalResult } from "@/lib/gateways/adapter";
import { transitionFor } from "@/lib/checkout/lifecycle/verbs";
import { applyGatewayResult, resultEventData, settledAttempt } from "./apply-gateway-result";

/** A gateway's message as recorded; `resends`: its gateway resends until acknowledged, so a repeat is handled again. */
export interface MessageRecord {
  pg: string;
  messageId: string;
  referenceNumber: string;
  channel: "callback" | "return";
  resends: boolean;
}

/** Records the message once; a repeat its gateway does not resend is refused. */
export async function recordMessage(db: Db, message: MessageRecord): Promise<void> {
  refuseRepeat(await recordGatewayMessage(db, message), message);
}

/** A message received before is refused, unless its gateway resends until acknowledged. */
function refuseRepeat(fresh: boolean, message: MessageRecord): void {
  if (!fresh && !message.resends) throw new BadRequest("The gateway message was already received.");
}

/**
 * A final result with the message that brought it; true when it changed the attempt. The usual case (the
 * transaction still payable before its deadline, no card to keep) takes one statement (db/queries/settle-at-once.ts).
 * Every other case records the message and applies the result in one database transaction, so that a failure
 * undoes both and the gateway's resend is fresh (apply-gateway-result.ts says what each case does).
 */
export async function settleGatewayResult(db: Db, found: AttemptToSettle, final: FinalResult, message: MessageRecord): Promise<boolean> {
  const { attempt } = found;
  const cause = `gateway_${message.channel}`;
  // A tokenized card to keep and an auto-debit's charge to give back take the general way.
  if (attempt.initiator === "customer" && !final.savedCardToken) {
    const { to, from } = transitionFor(final.outcome, found.operation, found.interface);
    const once = await settleAtOnce(db, {
      attempt,
      to,
      from,
      success: final.outcome === "success",
      operation: found.operation,
      changes: settledAttempt(final),
      cause,
      data: resultEventData(attempt, final),
      dispatch: true,
      message,
    });
    if (once.locked) {
      refuseRepeat(once.fresh, message);
      return once.settled !== undefined;
    }
  }
  return db.transaction().execute(async (trx) => {
    await recordMessage(trx, message);
    return applyGatewayResult(trx, attempt, final, cause);
  });
}
