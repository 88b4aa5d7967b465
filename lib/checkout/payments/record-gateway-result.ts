import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { findAttemptToSettle } from "@/db/queries/payments";
import type { Ctx } from "@/lib/core/context";
import { BadRequest, GatewayUnavailable } from "@/lib/core/errors";
import { type GatewayMessage, isFinal } from "@/lib/gateways/adapter";
import { adapterFor } from "@/lib/gateways/adapters";
import { logger } from "@/lib/core/log/logger";
import { countPaymentFinished } from "@/lib/core/metrics/metrics";
import { type MessageRecord, recordMessage, settleGatewayResult } from "./settle-gateway-result";

const MAX_MESSAGE_AGE_MS = 24 * 60 * 60 * 1000;

/** A message naming no attempt of ours (for a gateway that sends every event of its account, not an error: see the callback route). */
export class UnrelatedMessage extends BadRequest {}

export interface RecordedResult {
  sessionId: string;
  referenceNumber: string;
  changed: boolean;
}

/**
 * A gateway's message about an attempt, from the customer's browser (return) or the gateway's server
 * (callback), in any order and any number of times. Forged, stale or replayed messages change nothing (400;
 * a gateway that resends until acknowledged has a repeat handled again); a genuine message about an attempt that
 * is already settled changes nothing either.
 */
export async function recordGatewayResult({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { pg: string; channel: "callback" | "return"; params: Record<string, string>; rawBody?: string; headers?: Headers };
}): Promise<RecordedResult> {
  const adapter = adapterFor(input.pg);
  const received: GatewayMessage = { params: input.params, rawBody: input.rawBody ?? "", headers: input.headers ?? new Headers() };
  const reference = adapter?.referenceOf(received);
  const found = reference ? await findAttemptToSettle(ctx.db, reference) : undefined;
  const attempt = found?.attempt;
  if (adapter && attempt?.pg !== input.pg) throw new UnrelatedMessage("The gateway message is not valid.");
  const gateway = attempt ? await cachedGatewaySetting(ctx.db, attempt.gateway_code) : undefined;
  const message = adapter && attempt && gateway ? adapter.verifyMessage(gateway, received, { gatewayResponse: attempt.gateway_response }) : null;
  if (!adapter || !attempt || !gateway || !message) throw new BadRequest("The gateway message is not valid.");
  const age = Date.now() - message.issuedAt.getTime();
  if (age > MAX_MESSAGE_AGE_MS || age < -5 * 60 * 1000) throw new BadRequest("The gateway message is too old.");

  // The result itself comes from asking the gateway, not from the message: a message only says "look". An attempt
  // settled already (the gateway's other message won the race) has nothing left to learn: it is not asked again.
  const customerLeft = input.channel === "return" && message.outcome === "canceled";
  const result =
    message.outcome === "pending" || attempt.state !== "pending"
      ? null
      : await adapter.inquire(ctx, gateway, attempt.reference_number, { settle: false, customerLeft }).catch((error: unknown) => {
          // The customer is shown the result page (still pending) rather than an error; a callback gets its 502 and comes again.
          if (!(error instanceof GatewayUnavailable) || input.channel !== "return") throw error;
          logger.warn({ reference: attempt.reference_number, reason: error.message }, "gateway unavailable for a return's inquiry");
          return null;
        });

  const record: MessageRecord = {
    pg: input.pg,
    messageId: message.messageId,
    referenceNumber: attempt.reference_number,
    channel: input.channel,
    resends: adapter.resendsUntilAcknowledged === true,
  };
  // The message alone (most often the second of a payment's two) is one statement, with no database transaction.
  const final = result && isFinal(result) ? result : null;
  const changed = final ? await settleGatewayResult(ctx.db, found!, final, record) : await recordMessage(ctx.db, record).then(() => false);
  if (changed) countPaymentFinished(attempt.gateway_code, final!.outcome);
  return { sessionId: attempt.session_id, referenceNumber: attempt.reference_number, changed };
}
