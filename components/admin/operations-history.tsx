import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { requesterWords } from "@/lib/panel/admin/actor-words";
import { StateBadge } from "@/components/panel/state-badge";
import { formatAmount } from "@/lib/core/money/decimal";
import { KeyValueList } from "./key-value-list";
import { td } from "./panel-styles";
import { PanelTable } from "./panel-table";
import { UtcTime } from "./utc-time";


/** The operations asked for on the transaction: kind, state, amount, who asked, when, and the gateway's answer. */
export function OperationsHistory({ detail }: { detail: TransactionDetail }) {
  return (
    <PanelTable
      caption="Operations, oldest first"
      columns={["Operation", "State", "Amount", "Requested by", "Requested, completed", "Gateway's answer"]}
    >
      {detail.operations.map((o) => (
        <tr key={o.id}>
          <th scope="row" className={`${td} font-medium`}>
            {o.kind}
            {o.reference_number ? <span className="block font-mono text-xs font-normal">{o.reference_number}</span> : null}
          </th>
          <td className={td}>
            <StateBadge kind="operation" state={o.state} />
          </td>
          <td className={`${td} whitespace-nowrap`}>{o.amount === null ? "—" : `${detail.txn.currency_code} ${formatAmount(o.amount, detail.decimals)}`}</td>
          <td className={td}>{requesterWords(o) ?? "—"}</td>
          <td className={`${td} whitespace-nowrap`}>
            <UtcTime value={o.created_at} />
            <br />
            <UtcTime value={o.completed_at} />
          </td>
          <td className={td}>
            {o.message ? <p className="mb-1">{o.message}</p> : null}
            <KeyValueList data={o.gateway_response} />
          </td>
        </tr>
      ))}
    </PanelTable>
  );
}
