import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MessagesTable } from "@/components/admin/messages-table";
import { OperationDialogs } from "@/components/admin/operation-dialogs";
import { OperationsHistory } from "@/components/admin/operations-history";
import { h2, link, muted, section } from "@/components/admin/panel-styles";
import { PaymentAttempts } from "@/components/admin/payment-attempts";
import { PaymentLinkPanel } from "@/components/admin/payment-link-panel";
import { TransactionFields } from "@/components/admin/transaction-fields";
import { TransactionTimeline } from "@/components/admin/transaction-timeline";
import { WebhookDeliveries } from "@/components/admin/webhook-deliveries";
import { loadTransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { paidWithFee } from "@/lib/panel/admin/paid-with-fee";
import { panelOperationsIn, WITH_AMOUNT } from "@/lib/panel/admin/panel-operations";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/money/decimal";
import { operationAction, resendWebhookAction, sendLinkAgainAction } from "./actions";

export const metadata: Metadata = { title: "Transaction · Checkout admin" };

type Props = { params: Promise<{ sessionId: string }> };

/**
 * One transaction: its fields, its timeline, payment attempts, operations, webhooks and messages, and the
 * operations its state and the user's permissions allow. Not found (404) for one naming a gateway the user may not use.
 */
export default async function TransactionPage({ params }: Props) {
  const admin = await signedInAdmin();
  const { sessionId } = await params;
  const detail = await loadTransactionDetail({ ctx: appContext(), input: { caller: admin, sessionId } }).catch((error: unknown) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const { txn } = detail;
  const money = (v: string) => `${txn.currency_code} ${formatAmount(v, detail.decimals)}`;
  const byState = panelOperationsIn(txn.state);
  const paid = paidWithFee(detail);
  const noneNote = txn.deleted_at
    ? "None: the transaction is deleted."
    : byState.length === 0
      ? `None: a ${txn.state} transaction allows no operation.`
      : `None that your permissions allow (a ${txn.state} transaction allows ${byState.join(", ")}).`;

  return (
    <main>
      <p className="text-sm">
        <Link className={link} href="/admin/transactions">
          Transactions
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">
        Transaction {txn.order_no ? <span>{txn.order_no}</span> : null}
      </h1>
      <p className="mt-1 font-mono text-sm break-all">{txn.session_id}</p>
      <p className="mt-2 text-lg">
        <strong>{txn.state}</strong> · {money(txn.amount)}
        {paid ? ` · charged ${money(paid.paid)} (${Number(paid.fee) > 0 ? `fee ${money(paid.fee)}` : "no fee"})` : ""}
        {Number(txn.refunded_amount) > 0 ? ` · refunded ${money(txn.refunded_amount)}` : ""}
      </p>
      {txn.deleted_at ? (
        <p className="mt-2 rounded border border-amber-600 bg-amber-50 p-2 text-sm">
          Deleted: the API and the payment page answer as if it did not exist. Its record stays here.
        </p>
      ) : null}

      <section aria-labelledby="actions" className={section}>
        <h2 id="actions" className={h2}>
          Operations you can start
        </h2>
        <OperationDialogs
          sessionId={txn.session_id}
          version={detail.version}
          currency={txn.currency_code}
          operations={detail.allowed.map((name) => ({ name, amount: WITH_AMOUNT.includes(name) ? detail.remaining : null }))}
          noneNote={noneNote}
          action={operationAction}
        />
        {detail.unsupported.map((note) => (
          <p key={note} className="mt-2 text-sm text-slate-700">
            {note}
          </p>
        ))}
      </section>

      <section aria-labelledby="payment-link" className={section}>
        <h2 id="payment-link" className={h2}>
          Payment link
        </h2>
        <PaymentLinkPanel link={detail.link} sendAgain={sendLinkAgainAction} />
      </section>

      <section aria-labelledby="details" className={section}>
        <h2 id="details" className={h2}>
          Details
        </h2>
        <TransactionFields detail={detail} />
      </section>

      <section aria-labelledby="timeline" className={section}>
        <h2 id="timeline" className={h2}>
          Timeline
        </h2>
        <TransactionTimeline events={detail.events} />
      </section>

      <PaymentAttempts detail={detail} />

      <section aria-labelledby="operations" className={section}>
        <h2 id="operations" className={h2}>
          Operations
        </h2>
        {detail.operations.length === 0 ? <p className={`mt-2 ${muted}`}>None yet.</p> : <OperationsHistory detail={detail} />}
      </section>

      <section aria-labelledby="webhooks" className={section}>
        <h2 id="webhooks" className={h2}>
          Webhook deliveries
        </h2>
        <WebhookDeliveries deliveries={detail.deliveries} hasWebhookUrl={!!txn.webhook_url} resend={resendWebhookAction} />
      </section>

      <section aria-labelledby="messages" className={section}>
        <h2 id="messages" className={h2}>
          E-mails and SMS
        </h2>
        {detail.messages.length === 0 ? (
          <p className={`mt-2 ${muted}`}>None: no notification was asked for, or none is due yet.</p>
        ) : (
          <MessagesTable messages={detail.messages} caption="E-mails and SMS of this transaction, newest first" withTransaction={false} />
        )}
      </section>
    </main>
  );
}
