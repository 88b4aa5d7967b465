"use client";

import Link from "next/link";
import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { RetryFormState } from "@/lib/panel/admin/retry-deliveries-form";
import type { listFailingDeliveries } from "@/lib/delivery/webhooks/list-failing-deliveries";
import { ActionOutcome } from "./form-messages";
import { link, primaryButton, secondaryButton, td } from "./panel-styles";
import { PanelTable } from "./panel-table";
import { FormattedTime } from "@/components/panel/formatted-time";
import { Badge } from "@/components/panel/state-badge";

type Delivery = Awaited<ReturnType<typeof listFailingDeliveries>>[number];

const EMPTY: RetryFormState = { message: null, error: null };

/**
 * Failing deliveries with a checkbox each: "Retry selected" sends the ticked ones again, a row's own button that
 * one alone (sent as `only`). Works as a plain form: the retry verb answers which were queued or why none.
 */
export function FailingDeliveriesForm({
  deliveries,
  empty,
  action,
  timeZone,
}: {
  deliveries: Delivery[];
  /** The panel's time zone (ADMIN_TIME_ZONE), from the page. */
  timeZone: string;
  /** Said instead of the table when there is nothing to retry (e.g. once a retry has delivered the last one). */
  empty: string;
  action: (state: RetryFormState, form: FormData) => Promise<RetryFormState>;
}) {
  const [state, formAction] = useActionState(action, EMPTY);
  // The answer stays on screen when the retried deliveries have already left the list it re-renders.
  if (deliveries.length === 0) {
    return (
      <div className="mt-6">
        <ActionOutcome message={state.message} error={state.error} />
        <p className="mt-2">{empty}</p>
      </div>
    );
  }
  return (
    <form action={formAction}>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <SubmitButton busyLabel="Retrying…" className={primaryButton}>
          Retry selected
        </SubmitButton>
        <ActionOutcome message={state.message} error={state.error} />
      </div>
      <PanelTable
        caption="Failing webhook deliveries, newest first"
        columns={[
          <span key="select" className="sr-only">
            Select
          </span>,
          "Delivery",
          "Transaction",
          "State",
          "Last try",
          "Status or error",
          <span key="retry" className="sr-only">
            Retry
          </span>,
        ]}
      >
        {deliveries.map((d) => (
          <tr key={d.id}>
            <td className={td}>
              <input
                type="checkbox"
                name="deliveryId"
                value={d.id}
                id={`select-${d.id}`}
                aria-label={`Select delivery ${d.number} of ${d.order_no ?? d.session_id}`}
                className="size-4 accent-blue-700"
              />
            </td>
            <th scope="row" className={`${td} font-normal`}>
              <Link className={`${link} font-medium`} href={`/admin/deliveries/${d.id}`}>
                Delivery {d.number}
                <span className="sr-only"> of {d.order_no ?? d.session_id} (its body, tries and answers)</span>
              </Link>
              <span className="block break-all font-mono text-xs">{d.url}</span>
            </th>
            <td className={td}>
              <Link className={`${link} font-mono text-xs`} href={`/admin/transactions/${d.session_id}`}>
                {d.order_no ?? `${d.session_id.slice(0, 12)}…`}
                <span className="sr-only"> (open the transaction)</span>
              </Link>
            </td>
            <td className={td}>
              {d.state === "failed" ? (
                <Badge tone="bad" title="Every try failed; retry it from here.">
                  failed
                </Badge>
              ) : (
                <Badge tone="waiting" title="Its last try failed; it is tried again at the next try's time.">
                  retrying
                </Badge>
              )}
              <span className="block text-xs text-slate-700">
                {d.attempt_count} {d.attempt_count === 1 ? "try" : "tries"}
                {d.state === "pending" && d.next_attempt_at ? (
                  <>
                    , next <FormattedTime value={d.next_attempt_at} zone={timeZone} />
                  </>
                ) : null}
              </span>
            </td>
            <td className={`${td} whitespace-nowrap`}>
              <FormattedTime value={d.last_tried_at} zone={timeZone} />
            </td>
            <td className={td}>{d.last_error ?? (d.last_status === null ? "—" : `HTTP status ${d.last_status}`)}</td>
            <td className={td}>
              <SubmitButton name="only" value={d.id} busyLabel="Retrying…" className={secondaryButton}>
                Retry<span className="sr-only"> delivery {d.number} of {d.order_no ?? d.session_id}</span>
              </SubmitButton>
            </td>
          </tr>
        ))}
      </PanelTable>
    </form>
  );
}
