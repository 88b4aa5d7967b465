import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import type { RetryFormState } from "@/lib/panel/admin/retry-deliveries-form";
import { muted, td } from "./panel-styles";
import { PanelTable } from "./panel-table";
import { ResendWebhookButton } from "./resend-webhook-button";
import { UtcTime } from "./utc-time";

type Delivery = TransactionDetail["deliveries"][number];

const standing = (d: Delivery) =>
  d.state === "pending" && d.attempt_count > 0 ? "retrying" : d.state === "pending" ? "waiting for its first try" : d.state;

/**
 * The transaction's webhooks, each with every try (time, HTTP status, duration, the start of the answer, the
 * error), and "Resend webhook" for the latest one: the same event again, under the same webhook-id.
 */
export function WebhookDeliveries({
  deliveries,
  hasWebhookUrl,
  resend,
}: {
  deliveries: Delivery[];
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
      <ResendWebhookButton deliveryId={deliveries.at(-1)!.id} action={resend} />
      {deliveries.map((d) => (
        <article key={d.id} aria-labelledby={`delivery-${d.id}`} className="mt-4 rounded border border-slate-300 bg-white p-4">
          <h3 id={`delivery-${d.id}`} className="font-semibold">
            Delivery {d.id}: {d.event_kind.replace(/_/g, " ")}
            {d.event_state ? ` (${d.event_state})` : ""}, {standing(d)}
          </h3>
          <p className="mt-1 break-all text-sm">
            To <span className="font-mono">{d.url}</span>, planned <UtcTime value={d.created_at} />
            {d.delivered_at ? (
              <>
                , delivered <UtcTime value={d.delivered_at} />
              </>
            ) : null}
            {d.state === "pending" && d.next_attempt_at ? (
              <>
                , next try <UtcTime value={d.next_attempt_at} />
              </>
            ) : null}
          </p>
          {d.tries.length === 0 ? (
            <p className={`mt-2 ${muted}`}>Not tried yet.</p>
          ) : (
            <PanelTable caption={`Tries of delivery ${d.id}`} columns={["Try", "Time", "Status", "Duration", "Answer (start)", "Error"]}>
              {d.tries.map((t) => (
                <tr key={t.attempt_no}>
                  <th scope="row" className={td}>{t.attempt_no}</th>
                  <td className={`${td} whitespace-nowrap`}>
                    <UtcTime value={t.created_at} />
                  </td>
                  <td className={td}>{t.status_code ?? "—"}</td>
                  <td className={`${td} whitespace-nowrap`}>{t.duration_ms} ms</td>
                  <td className={`${td} break-all font-mono text-xs`}>{t.response_excerpt || "—"}</td>
                  <td className={td}>{t.error ?? "—"}</td>
                </tr>
              ))}
            </PanelTable>
          )}
        </article>
      ))}
    </>
  );
}
