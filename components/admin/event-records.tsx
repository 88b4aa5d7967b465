import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { KeyValueList } from "./key-value-list";
import { td } from "./panel-styles";
import { PanelTable } from "./panel-table";
import { UtcTime } from "./utc-time";

/** An event's name: an operation's event is named by the operation and its result ("refund: success"). */
const eventName = (e: TransactionDetail["events"][number]) =>
  e.kind === "operation" && typeof e.data.operation === "string" ? `${e.data.operation}: ${String(e.data.result ?? "")}` : e.kind.replace(/_/g, " ");

/** Every event of the transaction as recorded, oldest first: its kind, the move between states, its cause and data. */
export function EventRecords({ events }: { events: TransactionDetail["events"] }) {
  return (
    <PanelTable caption="Events as recorded, oldest first" columns={["Time", "Event", "State", "Cause", "Data"]}>
      {events.map((e) => (
        <tr key={e.id}>
          <td className={`${td} whitespace-nowrap`}>
            <UtcTime value={e.created_at} />
          </td>
          <th scope="row" className={`${td} font-medium`}>
            {eventName(e)}
          </th>
          <td className={`${td} whitespace-nowrap`}>{e.from_state && e.to_state !== e.from_state ? `${e.from_state} → ${e.to_state ?? "—"}` : (e.to_state ?? "—")}</td>
          <td className={td}>{e.cause}</td>
          <td className={td}>
            <KeyValueList data={e.data} />
          </td>
        </tr>
      ))}
    </PanelTable>
  );
}
