import type { CustomerCard } from "@/lib/panel/admin/load-customer";
import { td } from "./panel-styles";
import { PanelTable } from "./panel-table";
import { UtcTime } from "./utc-time";

/** A customer's saved cards: brand, last four digits and expiry only, the gateway that holds the token, and the agreements on each. */
export function CustomerCards({ cards }: { cards: CustomerCard[] }) {
  if (cards.length === 0) return <p className="mt-2 text-sm text-slate-700">No saved cards (of the gateways you may see).</p>;
  return (
    // Focusable, so that a keyboard can scroll it sideways on a narrow screen (it holds no link of its own).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Saved cards">
      <PanelTable caption="Saved cards, most recently used first" columns={["Card", "Expiry", "Gateway", "Last used", "Agreements"]}>
        {cards.map((c) => (
          <tr key={c.id}>
            <th scope="row" className={`${td} whitespace-nowrap font-medium`}>
              {c.brand} •••• {c.last4}
            </th>
            <td className={`${td} tabular-nums`}>{c.expiry}</td>
            <td className={td}>{c.gateway}</td>
            <td className={`${td} whitespace-nowrap`}>
              <UtcTime value={c.lastUsedAt} />
            </td>
            <td className={td}>
              {c.agreements.length === 0 ? (
                "none"
              ) : (
                <ul className="space-y-1">
                  {c.agreements.map((a) => (
                    <li key={a.id}>
                      <span className="font-mono">{a.id}</span> ({a.type}), {a.amount} {a.currency}, {a.charges} charge{a.charges === 1 ? "" : "s"}
                      {", last "}
                      <UtcTime value={a.lastChargeAt} />
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </PanelTable>
    </div>
  );
}
