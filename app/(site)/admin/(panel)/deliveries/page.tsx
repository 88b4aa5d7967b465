import type { Metadata } from "next";
import { panelTimeZone } from "@/lib/panel/admin/panel-time-zone";
import { FailingDeliveriesForm } from "@/components/admin/failing-deliveries-form";
import { KeysetPager } from "@/components/admin/keyset-pager";
import { muted } from "@/components/admin/panel-styles";
import { flattenFieldErrors } from "@/lib/panel/admin/flatten-field-errors";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { listFailingDeliveries } from "@/lib/delivery/webhooks/list-failing-deliveries";
import { retryDeliveriesAction } from "./actions";

export const metadata: Metadata = { title: "Failing deliveries · Checkout admin" };

const PAGE = 50;

type Props = { searchParams: Promise<{ before?: string | string[] }> };

/** Webhook deliveries that failed or wait for a retry, across transactions, newest first, with retry. */
export default async function DeliveriesPage({ searchParams }: Props) {
  const admin = await signedInAdmin();
  const { before } = await searchParams;
  const cursor = typeof before === "string" ? before : undefined;
  // One more than a page: whether an older page exists.
  const rows = await listFailingDeliveries({ ctx: appContext(), input: { caller: admin, before: cursor, limit: PAGE + 1 } }).catch((error: unknown) => {
    if (error instanceof ValidationFailed) return flattenFieldErrors(error.fields).join(" ");
    throw error;
  });
  return (
    <main>
      <h1 className="text-2xl font-semibold">Failing deliveries</h1>
      <p className={`mt-2 max-w-3xl ${muted}`}>
        Webhooks that failed for good, or whose last try failed and that wait for the next one on the schedule. Retry sends the same event
        again now (the same webhook-id, signed afresh); a retry that fails follows what remains of the schedule.
      </p>
      {typeof rows === "string" ? (
        <p role="alert" className="mt-4 text-red-800">
          {rows}
        </p>
      ) : (
        <>
          <FailingDeliveriesForm
            deliveries={rows.slice(0, PAGE)}
            empty={cursor ? "No older failing deliveries." : "No failing deliveries: every webhook was delivered or is on its first try."}
            action={retryDeliveriesAction}
            timeZone={panelTimeZone()}
          />
          <KeysetPager
            label="Pages of failing deliveries"
            newestHref="/admin/deliveries"
            olderHref={rows.length > PAGE ? `/admin/deliveries?before=${rows[PAGE - 1]!.id}` : null}
            onFirstPage={!cursor}
          />
        </>
      )}
    </main>
  );
}
