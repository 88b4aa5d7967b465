import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { appContext } from "@/lib/core/context";
import { loadPaymentPage } from "./load-payment-page";
import { WEBHOOK_WAITED_HEADER } from "./session-header";

/**
 * The payment page's data, loaded once per request: the customer pages' root layout (for <html lang dir>) and
 * the page itself both ask for it. A result page the proxy let through does not wait for the webhook's answer again.
 */
export const paymentPageForRequest = cache(async (sessionId: string) => {
  const waited = (await headers()).has(WEBHOOK_WAITED_HEADER);
  return loadPaymentPage({ ctx: appContext(), input: { sessionId, waitForWebhook: !waited } });
});
