import { findTransactionViewByReference } from "@/db/queries/transactions";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import type { Ctx } from "@/lib/core/context";
import { backToMerchantUrl } from "@/lib/checkout/payments/back-to-merchant";

/**
 * The sandbox's card and 3-D Secure pages' "Back to {merchant}", from the payment's reference: the same way back
 * as the payment page's (back-to-merchant.ts). Null when the reference is unknown or there is no way back.
 */
export async function loadBackToMerchant({ ctx, input }: { ctx: Ctx; input: { reference: string } }) {
  const [view, settings] = await Promise.all([
    findTransactionViewByReference(ctx.db, input.reference),
    cachedSettings(ctx.db),
  ]);
  if (!view || view.txn.deleted_at) return null;
  const latest = view.attempts.at(-1);
  const url = backToMerchantUrl(
    view.txn,
    { defaultRedirectUrl: view.default_redirect_url, websiteUrl: settings.merchant_website_url },
    latest ? { referenceNumber: latest.reference_number, state: latest.state } : null,
  );
  return url ? { merchantName: settings.merchant_name, url } : null;
}
