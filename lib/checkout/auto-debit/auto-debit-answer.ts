import { type AttemptEvent, findAttemptWithLatestEvent } from "@/db/queries/attempt-events";
import { findTransactionView, type RowView } from "@/db/queries/transactions";
import type { PaymentAttempt } from "@/db/types";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import type { Ctx } from "@/lib/core/context";
import type { Outcome } from "@/lib/gateways/adapter";
import { RESULT_WORDS } from "@/lib/checkout/payments/transitions";
import { buildWebhookPayload } from "@/lib/checkout/result/build-payload";

export interface AutoDebitAnswer {
  status: number;
  body: Record<string, unknown>;
}

const DETAIL: Record<Outcome, string> = {
  success: "Success",
  pending: "The gateway has not answered yet; the result follows by webhook (an inquiry asks at once).",
  declined: "The gateway declined the charge.",
  canceled: "The gateway canceled the charge.",
  error: "The gateway could not process the charge.",
};

/**
 * The answer to an auto-debit, operation-style: 200 when charged, 400 with the gateway's message when declined,
 * 202 while the gateway has not answered. The body is the webhook payload of the same event (same event_id and
 * signature scheme), so a merchant handles both alike, with `detail` and `success` on top.
 */
export async function autoDebitAnswer(ctx: Ctx, sessionId: string, reference: string, outcome: Outcome): Promise<AutoDebitAnswer> {
  const [view, { attempt, event }] = await Promise.all([findTransactionView(ctx.db, sessionId), findAttemptWithLatestEvent(ctx.db, reference)]);
  return answerOf(ctx, { view: view!, attempt, event }, outcome);
}

/** The answer of an auto-debit whose transaction, attempt and latest event are at hand (just settled). */
export async function answerOf(ctx: Ctx, settled: { view: RowView; attempt: PaymentAttempt; event: AttemptEvent }, outcome: Outcome): Promise<AutoDebitAnswer> {
  const settings = await cachedSettings(ctx.db);
  const result = outcome === "pending" ? "pending" : RESULT_WORDS[outcome];
  const payload = buildWebhookPayload({ ...settled, result, hmacKey: settings.webhook_hmac_key });
  const status = outcome === "success" ? 200 : outcome === "pending" ? 202 : 400;
  return { status, body: { detail: settled.attempt.message ?? DETAIL[outcome], success: outcome === "success", ...payload } };
}
