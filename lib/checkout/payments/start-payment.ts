import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import type { TransactionState } from "@/db/types";
import { storePageFields } from "@/db/queries/legacy-page";
import { insertEvent, moveTransaction, setAttemptGatewayResponse, setTransactionOperation } from "@/db/queries/payments";
import { findTransactionView } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { expireAtDeadline } from "@/lib/checkout/expiry/expire-at-deadline";
import { isPastDeadline } from "@/lib/core/time/payment-deadline";
import { adapterFor } from "@/lib/gateways/adapters";
import { acceptPageFields } from "@/lib/checkout/page-fields/accept-page-fields";
import type { TypedPageFields } from "@/lib/checkout/page-fields/page-fields";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import { askAboutQuietAttempts } from "./ask-about-quiet-attempts";
import { openAttempt } from "./open-attempt";
import { releaseUnfinishedAttempts } from "./release-unfinished-attempts";
import { AWAITING_PAYMENT, PAYABLE } from "@/lib/checkout/lifecycle/verbs";

export type StartPaymentResult =
  | { kind: "redirect"; url: string; referenceNumber: string }
  | { kind: "expired" }
  | { kind: "closed"; state: TransactionState }
  /** An earlier attempt's card is already with the bank: its answer comes first. */
  | { kind: "busy" };


/**
 * The customer's pay action: a new pending attempt on one of the transaction's gateways, and the address of
 * the gateway's page. Past the expiration time the transaction is marked expired instead and nothing starts.
 * The transaction's earlier unfinished attempts are released first, so two tabs never make two charges.
 *
 * `pageFields`: what the customer typed on the page of a legacy transaction that asks for an address or a
 * delivery location (see lib/checkout/page-fields/page-fields.ts). Wrong or missing → ValidationFailed and nothing changes;
 * else stored with the attempt, under the same row lock, so the fields kept are those of the live attempt.
 */
export async function startPayment({ ctx, input }: { ctx: Ctx; input: StartPaymentInput }): Promise<StartPaymentResult> {
  if (!SESSION_ID.test(input.sessionId)) throw new NotFound();
  const first = await startInTransaction(ctx, input);
  // An earlier attempt is with the bank and has been quiet a while: its answer may be lost. Ask, then try again.
  if (first.kind !== "busy" || !(await askAboutQuietAttempts({ ctx, input: { sessionId: input.sessionId } }))) return first;
  return startInTransaction(ctx, input);
}

type StartPaymentInput = { sessionId: string; code: string; pageFields?: TypedPageFields };

async function startInTransaction(ctx: Ctx, input: StartPaymentInput): Promise<StartPaymentResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const tx: Ctx = { db: trx };
    const view = await findTransactionView(trx, input.sessionId, true);
    if (!view) throw new NotFound();
    const { txn } = view;
    if (!PAYABLE.includes(txn.state)) return { kind: "closed", state: txn.state };

    if (isPastDeadline(txn)) {
      // Whatever the expiry setting: an earlier attempt still open at its gateway is stopped there too.
      await expireAtDeadline(tx, txn, "customer_attempt_after_expiry");
      return { kind: "expired" };
    }

    const gateway = txn.pg_codes.includes(input.code) ? await findGatewaySettingByCode(trx, input.code) : undefined;
    const adapter = gateway?.enabled ? adapterFor(gateway.pg) : null;
    if (!gateway || !adapter) throw new NotFound(`This transaction has no payment method ${input.code}.`);
    const pageFields = acceptPageFields(txn, input.pageFields);
    if (!(await releaseUnfinishedAttempts(tx, txn))) return { kind: "busy" };
    if (pageFields) await storePageFields(trx, txn.session_id, { ...pageFields, at: new Date() });

    const { attempt, amount } = await openAttempt(trx, view, gateway);
    // Gateways of one transaction may differ in operation: the one the customer picks decides it.
    if (gateway.operation !== txn.operation) await setTransactionOperation(trx, txn.session_id, gateway.operation);
    if (txn.state !== "pending") {
      await moveTransaction(trx, txn.session_id, AWAITING_PAYMENT, "pending");
      await insertEvent(trx, { sessionId: txn.session_id, kind: "state_changed", from: txn.state, to: "pending", cause: "payment_started", attemptId: attempt.id });
    }
    const started = await adapter.startPayment(tx, {
      referenceNumber: attempt.reference_number,
      gateway,
      amount,
      currencyCode: txn.currency_code,
      customerId: txn.customer_id,
      language: txn.language,
      mustSaveCard: txn.payment_type !== "one_off" && txn.customer_id !== null,
      vendorName: txn.vendor_name,
      expiresAt: txn.expires_at,
      minCardExpiryDays: txn.card_acceptance_criteria?.min_expiry_time ?? null,
    });
    await setAttemptGatewayResponse(trx, attempt.id, started.gatewayResponse);
    return { kind: "redirect", url: started.redirectUrl, referenceNumber: attempt.reference_number };
  });
}
