import { findWayBackByReference } from "@/db/queries/way-back";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import type { Ctx } from "@/lib/core/context";
import { backToMerchantUrl } from "@/lib/checkout/payments/back-to-merchant";

/**
 * The sandbox's card and 3-D Secure pages' "Back to {merchant}", from the payment's reference: the same way back
 * as the payment page's (back-to-merchant.ts). Null when the reference is unknown or there is no way back.
 */
export async function loadBackToMerchant({ ctx, input }: { ctx: Ctx; input: { reference: string } }) {
  const [found, settings] = await Promise.all([findWayBackByReference(ctx.db, input.reference), cachedSettings(ctx.db)]);
  if (!found || found.txn.deleted_at) return null;
  const url = backToMerchantUrl(
    found.txn,
    { defaultRedirectUrl: settings.default_redirect_url, websiteUrl: settings.merchant_website_url },
    found.latest,
  );
  return url ? { merchantName: settings.merchant_name, url } : null;
}
