import type { TransactionState } from "@/db/types";
import { storePageFields } from "@/db/queries/legacy-page";
import { findTransactionView } from "@/db/queries/transactions";
import type { Ctx } from "@/lib/core/context";
import { GatewayUnavailable, NotFound } from "@/lib/core/errors";
import { countFailover } from "@/lib/core/metrics/metrics";
import { expireAtDeadline } from "@/lib/checkout/expiry/expire-at-deadline";
import { isPastDeadline } from "@/lib/core/time/payment-deadline";
import { adapterFor } from "@/lib/gateways/adapters";
import { acceptPageFields } from "@/lib/checkout/page-fields/accept-page-fields";
import type { TypedPageFields } from "@/lib/checkout/page-fields/page-fields";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import { askAboutQuietAttempts } from "./ask-about-quiet-attempts";
import { paymentRoute } from "./payment-route";
import { type Detour, recordDetours } from "./record-detours";
import { releaseUnfinishedAttempts } from "./release-unfinished-attempts";
import { startOnRoute } from "./start-on-route";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";

export type StartPaymentResult =
  /** `code`: the gateway the payment started on (another than the one asked for when that one was unavailable). */
  | { kind: "redirect"; url: string; referenceNumber: string; code: string }
  | { kind: "expired" }
  | { kind: "closed"; state: TransactionState }
  /** An earlier attempt's card is already with the bank: its answer comes first. */
  | { kind: "busy" };


/**
 * The customer's pay action: a new pending attempt on one of the transaction's gateways, and the address of
 * the gateway's page. Past the expiration time the transaction is marked expired instead and nothing starts.
 * The transaction's earlier unfinished attempts are released first, so two tabs never make two charges.
 * The chosen gateway unavailable (or skipped, its circuit open): the payment starts on the transaction's next
 * eligible gateway (payment-route.ts, start-on-route.ts), each gateway passed over an event on the timeline;
 * none left: GatewayUnavailable, nothing changed but those events (docs/gateways/failover.md).
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
  // Gateways passed over on the way: recorded with the attempt that started, or (none did) after the rollback.
  const detours: Detour[] = [];
  const seen: { txn?: { session_id: string; state: string } } = {};
  try {
    const result = await ctx.db.transaction().execute(async (trx): Promise<StartPaymentResult> => {
      const tx: Ctx = { db: trx };
      const view = await findTransactionView(trx, input.sessionId, true);
      if (!view) throw new NotFound();
      const { txn } = view;
      seen.txn = txn;
      if (!PAYABLE.includes(txn.state)) return { kind: "closed", state: txn.state };

      if (isPastDeadline(txn)) {
        // Whatever the expiry setting: an earlier attempt still open at its gateway is stopped there too.
        await expireAtDeadline(tx, txn, "customer_attempt_after_expiry");
        return { kind: "expired" };
      }

      const chosen = txn.pg_codes.includes(input.code) ? view.gateways.find((g) => g.code === input.code) : undefined;
      if (!chosen?.enabled || !adapterFor(chosen.pg)) throw new NotFound(`This transaction has no payment method ${input.code}.`);
      const pageFields = acceptPageFields(txn, input.pageFields);
      if (!(await releaseUnfinishedAttempts(tx, txn))) return { kind: "busy" };
      if (pageFields) await storePageFields(trx, txn.session_id, { ...pageFields, at: new Date() });

      const started = await startOnRoute(trx, view, paymentRoute(txn, view.gateways, chosen), detours);
      await recordDetours(trx, { session_id: txn.session_id, state: "pending" }, detours, { code: started.code, attemptId: started.attemptId });
      return { kind: "redirect", url: started.url, referenceNumber: started.referenceNumber, code: started.code };
    });
    // Counted once committed, as the other metrics are.
    if (result.kind === "redirect" && result.code !== input.code) countFailover(input.code, result.code);
    return result;
  } catch (error) {
    if (error instanceof GatewayUnavailable && seen.txn && detours.length > 0) await recordDetours(ctx.db, seen.txn, detours, null);
    throw error;
  }
}
