import type { Ctx } from "@/lib/context";
import type { PaymentPage } from "./load-payment-page";

/**
 * Whether the customer's browser leaves our payment or result page for the merchant, and where to: the one
 * place the pages ask. loadPaymentPage gives a redirectUrl only for a finished transaction (paid, authorized,
 * error, expired, …) whose redirect_url (or the admin default) is set, and, with a webhook_url, only after the
 * first webhook delivery was answered with 200 (redirectAfterWebhook); otherwise our page shows the outcome.
 */
export async function customerRedirect({ input }: { ctx: Ctx; input: { page: PaymentPage } }): Promise<string | null> {
  return input.page.redirectUrl;
}
