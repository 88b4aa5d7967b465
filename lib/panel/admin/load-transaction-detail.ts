import { findTransactionHistory } from "@/db/queries/transaction-detail";
import { findTransactionView } from "@/db/queries/transactions";
import type { Caller } from "@/lib/access/auth/permissions";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { formatUnits } from "@/lib/core/money/decimal";
import { listMessages } from "@/lib/delivery/notifications/list-messages";
import { availableUnits } from "@/lib/checkout/lifecycle/money";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import { paymentLinkView } from "@/lib/panel/payment-links/payment-link-view";
import { panelOperationsFor, splitByGateway } from "./panel-operations";

/** A transaction's e-mails and SMS on its page: far more than any transaction sends. */
const MESSAGES_SHOWN = 200;

/**
 * Everything the panel shows about one transaction: its fields, events, payment attempts, operations, webhook
 * deliveries with their tries, e-mails and SMS, and the operations this user may start on it now. Deleted ones
 * are shown too (the panel keeps the record). A transaction naming any gateway the user may not use is not found, as a missing one.
 */
export async function loadTransactionDetail({ ctx, input }: { ctx: Ctx; input: { caller: Caller; sessionId: string } }) {
  if (!SESSION_ID.test(input.sessionId)) throw new NotFound("No such transaction.");
  // The version (with the history) before the fields: a change landing in between makes the page's forms
  // stale (refused), never the other way round.
  const history = await findTransactionHistory(ctx.db, input.sessionId);
  const view = history && (await findTransactionView(ctx.db, input.sessionId));
  if (!history || !view || !canSeeTransaction(input.caller, view.txn.pg_codes)) throw new NotFound("No such transaction.");
  const messages = await listMessages({ ctx, input: { sessionId: input.sessionId, limit: MESSAGES_SHOWN } });
  return {
    txn: view.txn,
    decimals: view.decimals,
    attachmentToken: view.attachment_token,
    /** The settings of its gateways, for their names. */
    gateways: view.gateways,
    /** Its payment link, short link and QR code, and whether it can be sent again. */
    link: paymentLinkView(view, input.caller),
    ...history,
    messages,
    /** The operations this user may start now, and sentences for those the gateway takes no API call for. */
    ...splitByGateway(panelOperationsFor(input.caller, view.txn), history.attempts, input.caller),
    /** What a refund or capture may move now, with the currency's places. */
    remaining: formatUnits(availableUnits(view.txn, view.decimals), view.decimals),
  };
}

export type TransactionDetail = Awaited<ReturnType<typeof loadTransactionDetail>>;
