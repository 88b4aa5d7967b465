"use client";

import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useState } from "react";
import { customerHref } from "@/lib/panel/admin/customer-href";
import type { TransactionListItem } from "@/lib/panel/admin/list-transactions";
import { Amount } from "@/components/panel/amount-cell";
import { FormattedTime } from "@/components/panel/formatted-time";
import { Badge, StateBadge } from "@/components/panel/state-badge";

/** How often the newest page asks for what changed. */
export const REFRESH_SECONDS = 5;

interface Props {
  items: TransactionListItem[];
  /** The newest page: it refreshes itself. */
  live: boolean;
  /** The page's filters as a query string (no cursor), for the live JSON. */
  query: string;
  /** The panel's time zone (ADMIN_TIME_ZONE), from the page. */
  timeZone: string;
}

class SignedOut extends Error {}

const column = createColumnHelper<TransactionListItem>();

// Columns marked `wide` give way on a phone (under 640 px): the transaction, its state and amount always stay.
const wide = { meta: { wide: true } };

const columns = (zone: string) => [
  column.display({
    id: "transaction",
    header: "Order no. / reference",
    cell: (c) => {
      const t = c.row.original;
      // What the merchant and the customer quote first; the session id when there is neither.
      const label = t.orderNo ?? t.reference ?? t.sessionId;
      // No prefetch: fifty detail pages fetched on every view (and on every live refresh) for the one opened.
      return (
        <>
          <Link href={`/admin/transactions/${t.sessionId}`} prefetch={false} className="break-all font-medium text-blue-800 underline">
            {label}
          </Link>
          {t.orderNo && t.reference ? <span className="block font-mono text-xs text-slate-700">{t.reference}</span> : null}
          <span className="block text-xs text-slate-700 sm:hidden [&_time]:whitespace-normal">
            <FormattedTime value={t.createdAt} zone={zone} />
          </span>
        </>
      );
    },
  }),
  column.accessor("createdAt", { header: "Created", cell: (c) => <FormattedTime value={c.getValue()} zone={zone} />, ...wide }),
  column.accessor("state", {
    header: "State",
    cell: (c) => (
      <span className="flex flex-wrap gap-1">
        <StateBadge kind="transaction" state={c.getValue()} />
        {c.row.original.deleted ? (
          <Badge tone="bad" title="Deleted by the merchant: hidden from the API and the customer, kept here for the record.">
            deleted
          </Badge>
        ) : null}
      </span>
    ),
  }),
  column.accessor("amount", { header: "Amount", cell: (c) => <Amount value={c.getValue()} currency={c.row.original.currency} /> }),
  column.accessor("paidGateway", {
    header: "Gateway",
    // The gateway that took the payment; before that, the ones offered (in grey).
    cell: (c) => c.getValue() ?? <span className="text-slate-700" title="Offered; none has taken a payment yet.">{c.row.original.gateways.join(", ")}</span>,
    ...wide,
  }),
  column.display({
    id: "customer",
    header: "Customer",
    cell: (c) => <CustomerCell item={c.row.original} />,
    ...wide,
  }),
];

/** Who paid, linked to their Customer view (by customer id, else by e-mail). */
function CustomerCell({ item }: { item: TransactionListItem }) {
  const href = customerHref(item);
  const who = item.name || item.email || item.customerId;
  return (
    <>
      {href && who ? (
        <Link href={href} prefetch={false} className="block text-blue-800 underline">
          {who}
          <span className="sr-only"> (customer view)</span>
        </Link>
      ) : (
        <span className="block">{who ?? ""}</span>
      )}
      {item.name && item.email ? <span className="block">{item.email}</span> : null}
      <span className="block text-slate-600">{item.phone ?? ""}</span>
    </>
  );
}

async function fetchNewest(query: string): Promise<TransactionListItem[]> {
  const response = await fetch(`/api/admin/transactions${query ? `?${query}` : ""}`, { headers: { Accept: "application/json" } });
  if (response.status === 401) throw new SignedOut();
  if (!response.ok) throw new Error(`The list answered ${response.status}.`);
  return ((await response.json()) as { items: TransactionListItem[] }).items;
}

/** A column's classes: amounts to the right; `wide` columns only from 640 px up. */
const placement = (id: string, meta: unknown) =>
  `${id === "amount" ? "text-right" : ""} ${(meta as { wide?: boolean } | undefined)?.wide ? "hidden sm:table-cell" : ""}`;

/** The transactions of one page; the newest page follows new transactions and state changes by itself. */
export function TransactionTable(props: Props) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <LiveTable {...props} />
    </QueryClientProvider>
  );
}

function LiveTable({ items, live, query, timeZone }: Props) {
  const [COLUMNS] = useState(() => columns(timeZone));
  const { data, error } = useQuery({
    queryKey: ["admin-transactions", query],
    queryFn: () => fetchNewest(query),
    initialData: items,
    enabled: live,
    retry: (failures, e) => !(e instanceof SignedOut) && failures < 2,
    refetchInterval: (q) => (q.state.error instanceof SignedOut ? false : REFRESH_SECONDS * 1000),
  });
  // Rows that were not on the page when it was served are marked, so a newcomer stands out.
  const [served] = useState(() => new Set(items.map((t) => t.sessionId)));
  // TanStack Table hands out fresh functions on every render: the React Compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data, columns: COLUMNS, getCoreRowModel: getCoreRowModel(), getRowId: (t) => t.sessionId });
  const arrived = data.filter((t) => !served.has(t.sessionId)).length;
  return (
    <>
      {live ? (
        <p className="mt-4 text-sm text-slate-700">
          This page shows new transactions and state changes as they happen (every {REFRESH_SECONDS} seconds).{" "}
          <span role="status">
            {error instanceof SignedOut
              ? "Your session has ended: sign in again to keep it up to date."
              : arrived > 0
                ? `${arrived} new since the page opened.`
                : ""}
          </span>
        </p>
      ) : null}
      <div className="mt-2 overflow-x-auto rounded border border-slate-300 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Transactions, newest first</caption>
          <thead className="bg-slate-100">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={`px-2 py-2 font-semibold sm:px-3 ${placement(header.column.id, header.column.columnDef.meta)}`}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={`border-t border-slate-200 ${served.has(row.id) ? "" : "bg-amber-50"}`}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`px-2 py-2 align-top sm:px-3 ${placement(cell.column.id, cell.column.columnDef.meta)}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="px-3 py-6 text-center text-slate-700">
                  No transactions match.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}
