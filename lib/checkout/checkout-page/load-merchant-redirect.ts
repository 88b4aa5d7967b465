import { findWayBackBySession } from "@/db/queries/way-back";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import type { Ctx } from "@/lib/core/context";
import { merchantRedirectUrl } from "@/lib/checkout/payments/merchant-redirect";
import { redirectAfterWebhook } from "@/lib/checkout/payments/redirect-after-webhook";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";

/**
 * Where the result page sends the customer: the `redirectUrl` loadPaymentPage gives it (a finished payment's
 * redirect, once its result's webhook was answered 200), read from a few columns rather than the whole page.
 * Null: the page shows the result (unknown session, not finished, nowhere to go, or the webhook not answered 200).
 */
export async function loadMerchantRedirect({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<string | null> {
  if (!SESSION_ID.test(input.sessionId)) return null;
  const [found, settings] = await Promise.all([findWayBackBySession(ctx.db, input.sessionId), cachedSettings(ctx.db)]);
  if (!found || found.txn.deleted_at) return null;
  const target = merchantRedirectUrl(found.txn, settings.default_redirect_url, found.latest?.referenceNumber ?? null);
  return redirectAfterWebhook(ctx, found.txn, target, { resultAt: found.latest?.completedAt ?? null });
}
