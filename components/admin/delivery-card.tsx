import Link from "next/link";
import type { DeliveryView as DeliveryEntry } from "@/lib/delivery/webhooks/get-delivery";
import { tryOutcome } from "@/lib/delivery/webhooks/failure-cause";
import { webhookBody } from "@/lib/delivery/webhooks/webhook-body";
import type { RetryFormState } from "@/lib/panel/admin/retry-deliveries-form";
import { link, muted, td } from "./panel-styles";
import { PanelTable } from "./panel-table";
import { ResendDialog } from "./resend-dialog";
import { UtcTime } from "./utc-time";
import { RawText, SentHeaders } from "./webhook-exchange";

const standing = (d: DeliveryEntry) =>
  d.state === "pending" && d.attempt_count > 0 ? "retrying" : d.state === "pending" ? "waiting for its first try" : d.state;

/** "Delivery 2: refund (refunded)": numbered within its transaction, named by its event. */
export const deliveryTitle = (d: DeliveryEntry) =>
  `Delivery ${d.number}: ${d.event_kind.replace(/_/g, " ")}${d.event_state ? ` (${d.event_state})` : ""}`;

const summaryClass = `cursor-pointer text-sm font-medium ${link}`;

/**
 * One webhook delivery: where it stands, Resend (confirmed), the exact body it posts, and each try with its
 * outcome in words, duration, the headers sent (signature masked) and the start of the receiver's answer.
 * `linkToPage`: on the transaction page, the title leads to the delivery's own page.
 */
export function DeliveryCard({
  delivery: d,
  resend,
  linkToPage,
}: {
  delivery: DeliveryEntry;
  resend: (state: RetryFormState, form: FormData) => Promise<RetryFormState>;
  linkToPage: boolean;
}) {
  // Under the transaction page's "Webhook deliveries" heading, or the first section of the delivery's own page.
  const Heading = linkToPage ? "h3" : "h2";
  const title = deliveryTitle(d);
  const body = webhookBody(d.payload);
  const headingId = `delivery-${d.id}`;
  return (
    <article aria-labelledby={headingId} className="mt-4 rounded border border-slate-300 bg-white p-4">
      <Heading id={headingId} className="font-semibold">
        {linkToPage ? (
          <Link className={link} href={`/admin/deliveries/${d.id}`}>
            {title}
          </Link>
        ) : (
          title
        )}
        , {standing(d)}
      </Heading>
      <p className="mt-1 text-sm break-all">
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
        . Webhook-id <span className="font-mono">{d.event_id}</span>.
      </p>
      <ResendDialog deliveryId={d.id} title={title} url={d.url} confirmHref={`/admin/deliveries/${d.id}?confirm=resend`} action={resend} />
      <details className="mt-3">
        <summary className={summaryClass}>Body sent ({Buffer.byteLength(body)} bytes, the same on every try)</summary>
        <RawText text={body} label={`Body of ${title}`} />
      </details>
      {d.tries.length === 0 ? (
        <p className={`mt-2 ${muted}`}>Not tried yet.</p>
      ) : (
        <>
          <PanelTable caption={`Tries of ${title}`} columns={["Try", "Time", "Outcome", "Duration"]}>
            {d.tries.map((t) => (
              <tr key={t.attempt_no}>
                <th scope="row" className={td}>
                  {t.attempt_no}
                </th>
                <td className={`${td} whitespace-nowrap`}>
                  <UtcTime value={t.created_at} />
                </td>
                <td className={td}>{tryOutcome(t)}</td>
                <td className={`${td} whitespace-nowrap tabular-nums`}>{t.duration_ms} ms</td>
              </tr>
            ))}
          </PanelTable>
          {d.tries.map((t) => (
            <details key={t.attempt_no} className="mt-2">
              <summary className={summaryClass}>
                Try {t.attempt_no}: headers sent and the answer ({tryOutcome(t)})
              </summary>
              <h4 className="mt-2 text-sm font-semibold">Headers sent</h4>
              <SentHeaders headers={t.request_headers} />
              <h4 className="mt-2 text-sm font-semibold">Answer (first 2 KB)</h4>
              <RawText text={t.status_code === null ? null : (t.response_excerpt ?? "")} label={`Answer to try ${t.attempt_no} of ${title}`} />
            </details>
          ))}
        </>
      )}
    </article>
  );
}
