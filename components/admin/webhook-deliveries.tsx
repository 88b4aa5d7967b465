import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import type { RetryFormState } from "@/lib/panel/admin/retry-deliveries-form";
import { DeliveryCard } from "./delivery-card";
import { muted } from "./panel-styles";

/**
 * The transaction's webhooks, numbered within it, each with its body, every try (outcome, duration, headers,
 * answer) and a confirmed Resend: any event can be sent again, under the same webhook-id.
 */
export function WebhookDeliveries({
  deliveries,
  hasWebhookUrl,
  resend,
}: {
  deliveries: TransactionDetail["deliveries"];
  hasWebhookUrl: boolean;
  resend: (state: RetryFormState, form: FormData) => Promise<RetryFormState>;
}) {
  if (deliveries.length === 0) {
    return (
      <p className={`mt-2 ${muted}`}>
        {hasWebhookUrl
          ? "No webhook yet: one is sent for each payment result and operation."
          : "No webhook: the transaction was created without a webhook_url."}
      </p>
    );
  }
  return (
    <>
      {deliveries.map((d) => (
        <DeliveryCard key={d.id} delivery={d} resend={resend} linkToPage />
      ))}
    </>
  );
}
