import "server-only";
import { cache } from "react";
import { appContext } from "@/lib/core/context";
import { loadPaymentPage } from "./load-payment-page";

/**
 * The payment page's data, loaded once per request: the customer pages' root layout (for <html lang dir>) and
 * the page itself both ask for it, with the same `waitForWebhook`. It is false only on a result page the proxy let
 * through after waiting for the webhook's answer itself (WEBHOOK_WAITED_HEADER).
 */
export const paymentPageForRequest = cache((sessionId: string, waitForWebhook: boolean) =>
  loadPaymentPage({ ctx: appContext(), input: { sessionId, waitForWebhook } }),
);
