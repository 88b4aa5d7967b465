import { findTransactionView } from "@/db/queries/transactions";
import type { Caller } from "@/lib/access/auth/permissions";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { paymentLinkView } from "./payment-link-view";

/**
 * The screen after a payment link is made: what it asks for and from whom, and its link, short link, QR code and
 * sending. A transaction naming a gateway the user may not use is not found, as a missing one.
 */
export async function loadPaymentLink({ ctx, input }: { ctx: Ctx; input: { caller: Caller; sessionId: string } }) {
  const view = SESSION_ID.test(input.sessionId) ? await findTransactionView(ctx.db, input.sessionId) : undefined;
  if (!view || !canSeeTransaction(input.caller, view.txn.pg_codes)) throw new NotFound("No such transaction.");
  return { txn: view.txn, decimals: view.decimals, link: paymentLinkView(view, input.caller) };
}
