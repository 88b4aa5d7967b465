import { checkoutMessages } from "@/lib/checkout/i18n/checkout-messages";
import type { CheckoutView } from "./checkout-view";
import { secondaryButtonClass } from "./styles";

/**
 * "Back to {merchant}": a plain link (no script, nothing changes state) to the merchant's page with the session,
 * order and outcome in its query. Nothing when there is nowhere to go.
 */
export function BackToMerchant({ view }: { view: CheckoutView }) {
  if (!view.backUrl) return null;
  return (
    <p className="mt-4">
      <a href={view.backUrl} className={secondaryButtonClass}>
        {checkoutMessages(view.language).backTo(view.merchant.name)}
      </a>
    </p>
  );
}
