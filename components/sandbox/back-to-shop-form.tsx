import { SubmitButton } from "@/components/forms/submit-button";
import { sandboxMessages as t } from "@/lib/checkout/i18n/sandbox-messages";

/**
 * Leaves the sandbox for the shop, through the cancel route: it cancels a payment still waiting for the card
 * and changes nothing for one already settled; either way the customer returns with a signed message.
 */
export function BackToShopForm({ reference, label, className }: { reference: string; label: string; className: string }) {
  return (
    <form method="post" action="/sandbox/api/cancel">
      <input type="hidden" name="reference" value={reference} />
      <SubmitButton className={className} busyLabel={t.returning}>
        {label}
      </SubmitButton>
    </form>
  );
}
