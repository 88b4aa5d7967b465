import type { Metadata } from "next";
import { KeysetPager } from "@/components/admin/keyset-pager";
import { MoneyOperationsTable } from "@/components/admin/money-operations-table";
import { OperationFilters } from "@/components/admin/operation-filters";
import { appContext } from "@/lib/core/context";
import { flattenFieldErrors } from "@/lib/panel/admin/flatten-field-errors";
import { listMoneyOperations } from "@/lib/panel/admin/list-money-operations";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";

export const metadata: Metadata = { title: "Refunds and operations · Checkout admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Every refund, capture and void the signed-in admin may see, newest first, by kind and state, 50 a page by keyset. */
export default async function OperationsPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await signedInAdmin();
  const page = await listMoneyOperations({ ctx: appContext(), input: { caller: admin, params: await searchParams } });
  const href = (before?: string) => {
    const entries = Object.entries({ kind: page.values.kind, state: page.values.state, before: before ?? "" }).filter(([, v]) => v !== "");
    return `/admin/operations${entries.length ? `?${new URLSearchParams(entries)}` : ""}`;
  };
  const cursorError = page.errors.before ? flattenFieldErrors({ before: page.errors.before }).join(" ") : null;
  return (
    <main>
      <h1 className="text-2xl font-semibold">Refunds and operations</h1>
      <p className="mt-2 text-sm text-slate-700">
        Every refund, capture and void asked for, through the API or from this panel, newest first: the amount, whether the
        gateway accepted it (<em>success</em>), refused it (<em>failed</em>) or has not answered yet (<em>pending</em>), who asked and
        the gateway&apos;s answer.
        {!admin.isSuperuser ? ` Only those on transactions of your gateways: ${admin.gatewayCodes.join(", ") || "none"}.` : ""}
      </p>
      <OperationFilters values={page.values} errors={page.errors} />
      {cursorError ? (
        <p role="alert" className="mt-4 text-red-800">
          {cursorError}{" "}
          <a href={href()} className="underline">
            Newest operations
          </a>
        </p>
      ) : page.items.length === 0 ? (
        <p className="mt-6">No operations{page.values.kind || page.values.state ? " with these filters" : ""}.</p>
      ) : (
        <>
          <MoneyOperationsTable items={page.items} />
          <KeysetPager label="Pages of operations" newestHref={href()} olderHref={page.older ? href(page.older) : null} onFirstPage={!page.values.before} />
        </>
      )}
    </main>
  );
}
