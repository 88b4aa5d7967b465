"use client";

import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useState } from "react";
import { customerHref } from "@/lib/panel/admin/customer-href";
import type { TransactionListItem } from "@/lib/panel/admin/list-transactions";
import { UtcTime } from "./utc-time";

/** How often the newest page asks for what changed. */
export const REFRESH_SECONDS = 5;

interface Props {
  items: TransactionListItem[];
  /** The newest page: it refreshes itself. */
  live: boolean;
  /** The page's filters as a query string (no cursor), for the live JSON. */
  query: string;
}

class SignedOut extends Error {}

const column = createColumnHelper<TransactionListItem>();

const COLUMNS = [
  column.accessor("createdAt", { header: "Created", cell: (c) => <UtcTime value={c.getValue()} /> }),
  column.accessor("sessionId", {
    header: "Session",
    cell: (c) => (
      // The whole id is the link's text (its accessible name); the cell shows its start, cut with an ellipsis by CSS.
      // No prefetch: fifty detail pages fetched on every view (and on every live refresh) for the one opened.
      <Link
        href={`/admin/transactions/${c.getValue()}`}
        prefetch={false}
        title={c.getValue()}
        className="block w-32 truncate font-mono text-blue-800 underline"
      >
        {c.getValue()}
      </Link>
    ),
  }),
  column.accessor("orderNo", { header: "Order no.", cell: (c) => c.getValue() ?? "—" }),
  column.accessor("state", {
    header: "State",
    cell: (c) => (
      <>
        <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold">{c.getValue()}</span>
        {c.row.original.deleted ? <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900">deleted</span> : null}
      </>
    ),
  }),
  column.accessor("amount", {
    header: "Amount",
    cell: (c) => (
      <span className="whitespace-nowrap tabular-nums">
        {c.getValue()} {c.row.original.currency}
      </span>
    ),
  }),
  column.accessor("gateways", { header: "Gateways", cell: (c) => c.getValue().join(", ") }),
  column.display({
    id: "customer",
    header: "Customer",
    cell: (c) => <CustomerCell item={c.row.original} />,
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

/** The transactions of one page; the newest page follows new transactions and state changes by itself. */
export function TransactionTable(props: Props) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <LiveTable {...props} />
    </QueryClientProvider>
  );
}

function LiveTable({ items, live, query }: Props) {
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
                  <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
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
                  <td key={cell.id} className="px-3 py-2 align-top">
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
