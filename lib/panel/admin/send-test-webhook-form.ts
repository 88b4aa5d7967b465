import type { UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { sendTestWebhook, type TestWebhookResult } from "@/lib/delivery/webhooks/send-test-webhook";
import { flattenFieldErrors } from "./flatten-field-errors";

export interface TestWebhookFormState {
  /** What was typed, kept for the next try. */
  url: string;
  result: TestWebhookResult | null;
  error: string | null;
}

/** The settings page's "Send a test webhook" form: the receiver's answer, or why nothing was sent. */
export async function sendTestWebhookForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<TestWebhookFormState> {
  const url = String(input.form.get("url") ?? "");
  try {
    return { url, result: await sendTestWebhook({ ctx, input: { caller: input.caller, url } }), error: null };
  } catch (error) {
    if (error instanceof ValidationFailed) return { url, result: null, error: flattenFieldErrors(error.fields).join(" ") };
    throw error;
  }
}
