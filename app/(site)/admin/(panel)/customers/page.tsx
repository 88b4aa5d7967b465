import type { Metadata } from "next";
import { CustomerCards } from "@/components/admin/customer-cards";
import { link, td } from "@/components/admin/panel-styles";
import { PanelTable } from "@/components/admin/panel-table";
import { TransactionTable } from "@/components/admin/transaction-table";
import { appContext } from "@/lib/core/context";
import { flattenFieldErrors } from "@/lib/panel/admin/flatten-field-errors";
import { loadCustomer } from "@/lib/panel/admin/load-customer";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { panelTimeZone } from "@/lib/panel/admin/panel-time-zone";

export const metadata: Metadata = { title: "Customer · Checkout admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const INPUT = "mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1.5";

/**
 * One customer (by `customer_id`, or by `email` in any case): totals paid and refunded per currency, saved cards
 * with their agreements, and their transactions newest first, 50 a page; only what the admin's gateways allow.
 */
export default async function CustomerPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await signedInAdmin();
  const view = await loadCustomer({ ctx: appContext(), input: { caller: admin, params: await searchParams } });
  const who: Record<string, string> = view.values.customer_id ? { customer_id: view.values.customer_id } : { email: view.values.email };
  const href = (cursor?: Record<string, string>) => `/admin/customers?${new URLSearchParams({ ...who, ...cursor })}`;
  const errors = flattenFieldErrors(view.errors);
  return (
    <main>
      <h1 className="text-2xl font-semibold">Customer{view.title ? `: ${view.title}` : ""}</h1>
      {!admin.isSuperuser ? (
        <p className="mt-2 text-sm text-slate-700">Only their transactions and cards on your gateways: {admin.gatewayCodes.join(", ") || "none"}.</p>
      ) : null}
      <form method="get" action="/admin/customers" role="search" aria-label="Find a customer" className="mt-4 grid gap-4 rounded border border-slate-300 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="customer-id" className="block text-sm font-medium">
            Customer id
          </label>
          <input id="customer-id" name="customer_id" defaultValue={view.values.customer_id} className={INPUT} />
        </div>
        <div>
          <label htmlFor="customer-email" className="block text-sm font-medium">
            or e-mail
          </label>
          <input id="customer-email" name="email" type="email" defaultValue={view.values.email} className={INPUT} />
        </div>
        <button type="submit" className="rounded bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800">
          Show customer
        </button>
      </form>
      {errors.length ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {errors.join(" ")}
        </p>
      ) : (
        <>
          <h2 className="mt-6 text-lg font-semibold">Totals</h2>
          {view.totals.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No transactions (on the gateways you may see).</p>
          ) : (
            <PanelTable caption="Totals per currency" columns={["Currency", <span key="n" className="block text-right">Transactions</span>, <span key="p" className="block text-right">Paid</span>, <span key="r" className="block text-right">Refunded</span>]}>
              {view.totals.map((t) => (
                <tr key={t.currency}>
                  <th scope="row" className={`${td} font-medium`}>
                    {t.currency}
                  </th>
                  <td className={`${td} text-right tabular-nums`}>{t.transactions}</td>
                  <td className={`${td} text-right tabular-nums`}>{t.paid}</td>
                  <td className={`${td} text-right tabular-nums`}>{t.refunded}</td>
                </tr>
              ))}
            </PanelTable>
          )}
          <h2 className="mt-6 text-lg font-semibold">Saved cards</h2>
          <CustomerCards cards={view.cards} />
          <h2 className="mt-6 text-lg font-semibold">Transactions</h2>
          <TransactionTable items={view.page.items} live={false} query="" timeZone={panelTimeZone()} />
          <nav aria-label="Pages of the customer's transactions" className="mt-4 flex gap-6 text-sm">
            {!view.page.first ? (
              <a href={href()} className={link}>
                Newest
              </a>
            ) : null}
            {view.page.newer ? (
              <a href={href({ before: view.page.newer })} rel="prev" className={link}>
                Newer
              </a>
            ) : null}
            {view.page.older ? (
              <a href={href({ after: view.page.older })} rel="next" className={link}>
                Older
              </a>
            ) : null}
          </nav>
        </>
      )}
    </main>
  );
}
