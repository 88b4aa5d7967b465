import Link from "next/link";
import type { MoneyOperationItem } from "@/lib/panel/admin/list-money-operations";
import { StateBadge } from "@/components/panel/state-badge";
import { KeyValueList } from "./key-value-list";
import { link, td } from "./panel-styles";
import { PanelTable } from "./panel-table";
import { UtcTime } from "./utc-time";

/** Refunds, captures and voids across transactions: what, how much, who asked, when, the gateway's answer, and whose. */
export function MoneyOperationsTable({ items }: { items: MoneyOperationItem[] }) {
  return (
    <div className="overflow-x-auto">
      <PanelTable
        caption="Refunds, captures and voids, newest first"
        columns={["Operation", "State", <span key="a" className="block text-right">Amount</span>, "Requested by", "Requested, completed", "Gateway's answer", "Transaction"]}
      >
        {items.map((o) => (
          <tr key={o.id}>
            <th scope="row" className={`${td} font-medium`}>
              {o.kind}
              {o.referenceNumber ? <span className="block font-mono text-xs font-normal">{o.referenceNumber}</span> : null}
            </th>
            <td className={td}>
              <StateBadge kind="operation" state={o.state} />
            </td>
            <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{o.amount === null ? "whole remainder" : `${o.amount} ${o.currency}`}</td>
            <td className={td}>{o.requestedBy}</td>
            <td className={`${td} whitespace-nowrap`}>
              <UtcTime value={o.createdAt} />
              <br />
              <UtcTime value={o.completedAt} />
            </td>
            <td className={`${td} max-w-xs`}>
              {o.message ? <p className="mb-1">{o.message}</p> : null}
              <KeyValueList data={o.gatewayResponse} />
            </td>
            <td className={td}>
              <Link href={`/admin/transactions/${o.sessionId}`} prefetch={false} className={`${link} font-mono`}>
                {o.orderNo ?? `${o.sessionId.slice(0, 12)}…`}
                <span className="sr-only"> (transaction {o.sessionId})</span>
              </Link>
            </td>
          </tr>
        ))}
      </PanelTable>
    </div>
  );
}
