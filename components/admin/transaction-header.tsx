import type { ReactNode } from "react";
import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { stateWord } from "@/lib/panel/admin/state-words";
import { transactionFacts } from "@/lib/panel/admin/transaction-facts";
import { StateBadge } from "@/components/panel/state-badge";
import { link } from "./panel-styles";
import { UtcTime } from "./utc-time";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

const notYet = <span className="text-slate-700">Not paid yet</span>;

/**
 * The facts first: what the transaction is for and where it stands (amount, what was charged with the fee,
 * refunded), who the customer is (linked to their view), the card, the gateway that took the payment, the
 * reference number the customer quotes, and when it was created and paid.
 */
export function TransactionHeader({ detail }: { detail: TransactionDetail }) {
  const facts = transactionFacts(detail);
  const { customer } = facts;
  const movements = [
    facts.charged && ["Charged", facts.charged],
    facts.captured && ["Captured", facts.captured],
    facts.refunded && ["Refunded", facts.refunded],
    facts.voided && ["Voided", facts.voided],
  ].filter((m): m is [string, string] => !!m);
  return (
    <header aria-labelledby="title" className="mt-2 rounded border border-slate-300 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 id="title" className="text-2xl font-semibold break-all">
          {facts.title}
        </h1>
        <StateBadge kind="transaction" state={detail.txn.state} size="large" />
      </div>
      <p className="mt-1 text-sm text-slate-700">{stateWord("transaction", detail.txn.state).meaning}</p>
      <p className="mt-3 text-3xl font-semibold tabular-nums">{facts.amount}</p>
      {movements.length > 0 ? (
        <dl className="mt-1 flex flex-wrap gap-x-4 text-sm tabular-nums">
          {movements.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt className="text-slate-700">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Customer">
          {customer ? (
            <>
              {customer.href ? (
                <a className={link} href={customer.href}>
                  {customer.name ?? customer.email ?? customer.id}
                </a>
              ) : (
                (customer.name ?? customer.id)
              )}
              {customer.email && (customer.name || !customer.href) ? <span className="block">{customer.email}</span> : null}
              {customer.phone ? <span className="block">{customer.phone}</span> : null}
            </>
          ) : (
            <span className="text-slate-700">None given</span>
          )}
        </Fact>
        <Fact label="Payment method">{facts.method ?? (facts.paidAt ? "—" : notYet)}</Fact>
        <Fact label="Gateway">{facts.gateway ?? notYet}</Fact>
        <Fact label="Reference number">{facts.reference ? <span className="font-mono">{facts.reference}</span> : notYet}</Fact>
        <Fact label="Created">
          <UtcTime value={facts.createdAt} />
          {facts.createdBy ? <span className="block">by {facts.createdBy}</span> : null}
        </Fact>
        <Fact label="Paid">{facts.paidAt ? <UtcTime value={facts.paidAt} /> : notYet}</Fact>
        <Fact label="Session ID">
          <span className="font-mono break-all">{detail.txn.session_id}</span>
        </Fact>
      </dl>
    </header>
  );
}
