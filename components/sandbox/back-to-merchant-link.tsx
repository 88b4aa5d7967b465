import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";
import { sandboxLinkClass } from "./sandbox-frame";

/**
 * "Back to {merchant}" on the sandbox's pages: a plain link to the merchant's page (lib/checkout/checkout-page/
 * load-back-to-merchant.ts). Unlike Cancel it changes nothing: the payment stays open until it is paid, replaced
 * by a new one or expired.
 */
export function BackToMerchantLink({ back }: { back: { merchantName: string; url: string } | null }) {
  if (!back) return null;
  return (
    <p className="mt-3 text-center">
      <a className={`rounded-sm px-2 py-1 ${sandboxLinkClass}`} href={back.url}>
        {t.backToMerchant(back.merchantName)}
      </a>
    </p>
  );
}
