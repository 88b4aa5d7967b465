import type { Metadata } from "next";
import Link from "next/link";
import { primaryButton } from "@/components/admin/panel-styles";
import { ExportLinks } from "@/components/admin/export-links";
import { panelTimeZone } from "@/lib/panel/admin/panel-time-zone";
import { TransactionFilters } from "@/components/admin/transaction-filters";
import { TransactionTable } from "@/components/admin/transaction-table";
import { listTransactions } from "@/lib/panel/admin/list-transactions";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { FILTER_FIELDS, type FilterValues } from "@/lib/panel/admin/transaction-list-filters";
import { appContext } from "@/lib/core/context";
import { mayDo } from "@/lib/access/auth/permissions";

export const metadata: Metadata = { title: "Transactions · Checkout admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The filters as a query string, without the page's cursor, plus `extra`. */
function queryString(values: FilterValues, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const name of FILTER_FIELDS) if (values[name] && name !== "after" && name !== "before") query.set(name, values[name]);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return query.toString();
}

const LINK = "rounded border border-slate-400 bg-white px-3 py-1.5 text-sm text-blue-900 hover:bg-slate-100";

/**
 * Every transaction the signed-in admin may see (a user who is not a superuser: those all of whose gateways are
 * theirs), newest first, 50 a page by keyset, with filters, search, a CSV export of the filtered set and a live
 * first page.
 */
export default async function TransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await signedInAdmin();
  const page = await listTransactions({ ctx: appContext(), input: { caller: admin, params: await searchParams } });
  const filters = queryString(page.values);
  // Errors of what the form does not show: a page link's cursor, or a search that took too long.
  const pageError = [page.errors.after, page.errors.before, page.errors.non_field_errors].flat().filter((m): m is string => typeof m === "string");
  return (
    <main>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Transactions</h1>
        {mayDo(admin, "create") ? (
          <Link href="/admin/payment-links/new" className={primaryButton}>
            New payment link
          </Link>
        ) : null}
      </div>
      {!admin.isSuperuser ? (
        <p className="mt-2 text-sm text-slate-700">
          Showing the transactions of your gateways: {admin.gatewayCodes.length ? admin.gatewayCodes.join(", ") : "none"}.
        </p>
      ) : null}
      <TransactionFilters values={page.values} errors={page.errors} choices={page.choices} />
      {pageError.length ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {pageError.join(" ")}{" "}
          {page.errors.after || page.errors.before ? (
            <a href={`/admin/transactions${filters ? `?${filters}` : ""}`} className="underline">
              Newest transactions
            </a>
          ) : null}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{page.first ? "Newest transactions" : "Earlier transactions"}</h2>
        <ExportLinks filters={filters} className={LINK} />
      </div>
      <TransactionTable key={filters} items={page.items} live={page.first && Object.keys(page.errors).length === 0} query={filters} timeZone={panelTimeZone()} />
      <nav aria-label="Pages" className="mt-4 flex gap-3">
        {!page.first ? (
          <a href={`/admin/transactions${filters ? `?${filters}` : ""}`} className={LINK}>
            Newest
          </a>
        ) : null}
        {page.newer ? (
          <a href={`/admin/transactions?${queryString(page.values, { before: page.newer })}`} rel="prev" className={LINK}>
            Newer
          </a>
        ) : null}
        {page.older ? (
          <a href={`/admin/transactions?${queryString(page.values, { after: page.older })}`} rel="next" className={LINK}>
            Older
          </a>
        ) : null}
      </nav>
    </main>
  );
}
