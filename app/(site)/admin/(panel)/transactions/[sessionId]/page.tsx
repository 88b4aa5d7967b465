import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EventRecords } from "@/components/admin/event-records";
import { MessagesTable } from "@/components/admin/messages-table";
import { OperationDialogs } from "@/components/admin/operation-dialogs";
import { OperationsHistory } from "@/components/admin/operations-history";
import { focusRing, h2, link, muted, section } from "@/components/admin/panel-styles";
import { PaymentAttempts } from "@/components/admin/payment-attempts";
import { PaymentLinkPanel } from "@/components/admin/payment-link-panel";
import { TransactionFields } from "@/components/admin/transaction-fields";
import { TransactionHeader } from "@/components/admin/transaction-header";
import { TransactionTimeline } from "@/components/admin/transaction-timeline";
import { WebhookDeliveries } from "@/components/admin/webhook-deliveries";
import { loadTransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { panelOperationsIn, WITH_AMOUNT } from "@/lib/panel/admin/panel-operations";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { transactionTimeline } from "@/lib/panel/admin/transaction-timeline";
import { appContext } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { operationAction, resendWebhookAction, sendLinkAgainAction } from "./actions";

export const metadata: Metadata = { title: "Transaction · Checkout admin" };

type Props = { params: Promise<{ sessionId: string }> };

/**
 * One transaction, the facts first: the header (amount, state, customer, card, gateway, reference, times) and the
 * operations its state and the user's permissions allow; then its timeline in words, payment attempts,
 * operations, webhooks and messages; the stored fields and raw events last, folded. Not found (404) for one
 * naming a gateway the user may not use.
 */
export default async function TransactionPage({ params }: Props) {
  const admin = await signedInAdmin();
  const { sessionId } = await params;
  const detail = await loadTransactionDetail({ ctx: appContext(), input: { caller: admin, sessionId } }).catch((error: unknown) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const { txn } = detail;
  const byState = panelOperationsIn(txn.state);
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
      <TransactionHeader detail={detail} />
      {txn.deleted_at ? (
        <p className="mt-2 rounded border border-amber-600 bg-amber-50 p-2 text-sm">
          Deleted: the API and the payment page answer as if it did not exist. Its record stays here.
        </p>
      ) : null}

      <section aria-labelledby="actions" className={section}>
        <h2 id="actions" className={h2}>
          Actions
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


      <section aria-labelledby="timeline" className={section}>
        <h2 id="timeline" className={h2}>
          Timeline
        </h2>
        <TransactionTimeline entries={transactionTimeline(detail)} />
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

      <section aria-labelledby="details" className={section}>
        <h2 id="details" className={h2}>
          Details
        </h2>
        <details className="mt-2 rounded border border-slate-300 bg-white p-3">
          <summary className={`cursor-pointer font-medium ${focusRing}`}>Every stored field</summary>
          <TransactionFields detail={detail} />
        </details>
        <details className="mt-2 rounded border border-slate-300 bg-white p-3">
          <summary className={`cursor-pointer font-medium ${focusRing}`}>Events as recorded ({detail.events.length})</summary>
          <EventRecords events={detail.events} />
        </details>
      </section>
    </main>
  );
}
