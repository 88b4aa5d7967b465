import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getSettings } from "@/db/queries/settings";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation/parse-input";
import { signPayment } from "@/lib/checkout/result/payment-signature";
import { refuseTarget } from "./check-target-url";
import { postWebhook, type WebhookAnswer } from "./post-webhook";
import { signingKeys } from "./signing-keys";

const URL_ERROR = "Enter an absolute http(s) URL, e.g. https://shop.example/webhooks.";

export const sendTestWebhookInput = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the URL to send the test webhook to.")
    .max(2048, "At most 2048 characters.")
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), URL_ERROR),
});

/** A payment result's payload as a real webhook carries it, marked as a test and about no transaction. */
function samplePayload(hmacKey: string | null) {
  const payload = {
    event_id: randomUUID(),
    session_id: "test".padEnd(40, "0"),
    order_no: "TEST-WEBHOOK",
    reference_number: "TEST",
    operation: "purchase",
    state: "paid",
    result: "success",
    amount: "1.000",
    currency_code: "KWD",
    fee: "0.000",
    paid_amount: "1.000",
    message: "A test webhook sent from the admin panel's settings: no transaction is behind it.",
    timestamp_utc: new Date().toISOString(),
    extra: {},
    is_sandbox: true,
    test: true,
  };
  return hmacKey ? { ...payload, signature: signPayment(hmacKey, payload) } : payload;
}

export type TestWebhookResult = WebhookAnswer & { url: string; body: string };

/**
 * Posts a signed sample payload to `url` as a delivery would (the same headers and keys, the same refusal of
 * private addresses, the same timeout) and returns the receiver's answer. Superusers only; audited.
 */
export async function sendTestWebhook({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; url: string } }): Promise<TestWebhookResult> {
  requireSuperuser(input.caller);
  const { url } = parseInput(sendTestWebhookInput, { url: input.url });
  const settings = await getSettings(ctx.db);
  const payload = samplePayload(settings.webhook_hmac_key);
  const body = JSON.stringify(payload);
  const refusal = await refuseTarget(url);
  const answer: WebhookAnswer = refusal
    ? { status: null, excerpt: null, error: refusal, durationMs: 0, sentHeaders: {} }
    : await postWebhook({ url, id: payload.event_id, body, keys: signingKeys(settings) });
  await recordAudit(ctx.db, input.caller, {
    action: "settings.webhook_test",
    entity: "settings",
    after: { url, status: answer.status, error: answer.error, duration_ms: answer.durationMs },
  });
  return { ...answer, url, body };
}
