/** The list's reconciliation exports of every matching transaction (docs/admin/export.md): CSV, and more in a menu. */
export function ExportLinks({ filters, className }: { filters: string; className: string }) {
  const href = (extra: string) => {
    const query = [filters, extra].filter(Boolean).join("&");
    return `/api/admin/transactions/export${query ? `?${query}` : ""}`;
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={href("")} download className={className}>
        Export all matching as CSV
      </a>
      <details className="relative text-sm">
        <summary className="cursor-pointer rounded px-2 py-1.5 text-blue-900 underline">More exports</summary>
        <ul className="absolute right-0 z-10 mt-1 w-72 space-y-1 rounded border border-slate-300 bg-white p-2 shadow">
          <li>
            <a href={href("rows=movements")} download className="underline">
              Money movements as CSV
            </a>{" "}
            <span className="text-slate-700">(payments, refunds, captures, voids)</span>
          </li>
          <li>
            <a href={href("format=json")} download className="underline">
              Transactions as JSON lines
            </a>
          </li>
          <li>
            <a href={href("rows=movements&format=json")} download className="underline">
              Money movements as JSON lines
            </a>
          </li>
        </ul>
      </details>
    </div>
  );
}
