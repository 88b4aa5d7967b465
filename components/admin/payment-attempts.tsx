import { StateBadge } from "@/components/panel/state-badge";
import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { formatAmount } from "@/lib/core/money/decimal";
import { KeyValueList } from "./key-value-list";
import { h2, muted, section } from "./panel-styles";
import { UtcTime } from "./utc-time";

/** Each payment attempt with the gateway's answer as a list of keys and values; the card as stored (masked). */
export function PaymentAttempts({ detail }: { detail: TransactionDetail }) {
  const money = (v: string) => `${detail.txn.currency_code} ${formatAmount(v, detail.decimals)}`;
  return (
    <section aria-labelledby="attempts" className={section}>
      <h2 id="attempts" className={h2}>
        Payment attempts
      </h2>
      {detail.attempts.length === 0 ? <p className={`mt-2 ${muted}`}>The customer has not tried to pay yet.</p> : null}
      {detail.attempts.map((a) => (
        <article key={a.id} aria-labelledby={`attempt-${a.id}`} className="mt-3 rounded border border-slate-300 bg-white p-4">
          <h3 id={`attempt-${a.id}`} className="font-semibold">
            <span className="font-mono">{a.reference_number}</span> on {a.gateway_code}: <StateBadge kind="attempt" state={a.state} />
            {a.is_duplicate ? " (a duplicate payment, given back)" : ""}
          </h3>
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Amount (with fee)</dt>
            <dd>
              {money(a.amount)} (fee {money(a.fee)})
            </dd>
            <dt className="text-slate-700">Card</dt>
            <dd>{a.card_masked ? `${a.card_brand ?? "Card"} ${a.card_masked}` : "—"}</dd>
            <dt className="text-slate-700">Started by</dt>
            <dd>{a.initiator === "merchant" ? "the merchant (auto-debit)" : "the customer"}</dd>
            <dt className="text-slate-700">Started, completed</dt>
            <dd>
              <UtcTime value={a.created_at} />, <UtcTime value={a.completed_at} />
            </dd>
            <dt className="text-slate-700">Message</dt>
            <dd>{a.message ?? "—"}</dd>
            <dt className="text-slate-700">Gateway&apos;s answer</dt>
            <dd>
              <KeyValueList data={a.gateway_response} />
            </dd>
          </dl>
        </article>
      ))}
    </section>
  );
}
