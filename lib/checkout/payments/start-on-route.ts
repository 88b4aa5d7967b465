import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { insertStartedAttempt } from "@/db/queries/started-attempt";
import type { GatewayView, TransactionView } from "@/db/queries/transactions";
import type { Db } from "@/db/client";
import type { GatewaySetting, TransactionState } from "@/db/types";
import { withSavepoint } from "@/db/savepoint";
import type { Ctx } from "@/lib/core/context";
import { GatewayUnavailable } from "@/lib/core/errors";
import { logger } from "@/lib/core/log/logger";
import { CIRCUIT_OPEN, mayStartOn, startedOn, unavailableOn } from "@/lib/gateways/gateway-circuits";
import { adapterFor } from "@/lib/gateways/adapters";
import { AWAITING_PAYMENT } from "@/lib/checkout/lifecycle/verbs";
import { newAttempt } from "./new-attempt";
import type { Detour } from "./record-detours";

/** At most one gateway besides the customer's choice is asked: a customer waits at most two gateways' time-outs. */
const MAX_FALLBACK_CALLS = 1;

/**
 * Starts the payment on the first gateway of `route` that takes it. One unavailable (the adapter's GatewayUnavailable:
 * unreachable, timed out, 5xx, credentials refused) or skipped by its circuit breaker is a detour: what its try
 * wrote is rolled back to a savepoint, the row lock stays, the next is tried. A decline is never a detour: it comes
 * later, with the gateway's result. None left: the last GatewayUnavailable, and the whole transaction rolls back.
 */
export async function startOnRoute(trx: Db, view: TransactionView, route: GatewayView[], detours: Detour[]) {
  let fallbackCalls = 0;
  let last: GatewayUnavailable | null = null;
  for (const candidate of route) {
    if (!mayStartOn(candidate.code)) {
      detours.push({ gateway: candidate.code, reason: CIRCUIT_OPEN, skipped: true, message: null });
      continue;
    }
    if (candidate !== route[0]) {
      if (fallbackCalls === MAX_FALLBACK_CALLS) break;
      fallbackCalls++;
    }
    const gateway = await cachedGatewaySetting(trx, candidate.code);
    if (!gateway) continue;
    try {
      // The last candidate needs no savepoint: when it fails, the whole database transaction is rolled back.
      const start = () => startOn({ db: trx }, view, gateway);
      const started = await (candidate === route.at(-1) ? start() : withSavepoint(trx, "start_on_gateway", start));
      startedOn(gateway.code);
      return started;
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      unavailableOn(gateway.code);
      logger.warn({ sessionId: view.txn.session_id, code: gateway.code, reason: error.message }, "payment method unavailable as the payment started");
      detours.push({ gateway: gateway.code, reason: error.reason, skipped: false, message: error.message });
      last = error;
    }
  }
  throw last ?? new GatewayUnavailable(`Every payment method of transaction ${view.txn.session_id} is skipped for now (circuit open).`, CIRCUIT_OPEN);
}

/** The event of a transaction's move to pending as a payment starts. */
export const paymentStartedEvent = (from: TransactionState) => ({ kind: "state_changed", from, to: "pending", cause: "payment_started" }) as const;

/**
 * A new pending attempt on `gateway`, the transaction pending, and the gateway's page: the start of one payment.
 * The gateway opens the payment first, under our reference; then one statement writes the attempt with the
 * gateway's answer and the transaction's move. Nothing is visible before the caller's database transaction
 * commits, and a gateway that fails leaves nothing of ours to roll back.
 */
async function startOn(tx: Ctx, view: TransactionView, gateway: GatewaySetting) {
  const { txn } = view;
  const adapter = adapterFor(gateway.pg)!;
  const row = newAttempt(view, gateway);
  const started = await adapter.startPayment(tx, {
    referenceNumber: row.reference_number,
    gateway,
    amount: row.amount,
    currencyCode: txn.currency_code,
    customerId: txn.customer_id,
    language: txn.language,
    mustSaveCard: txn.payment_type !== "one_off" && txn.customer_id !== null,
    vendorName: txn.vendor_name,
    expiresAt: txn.expires_at,
    minCardExpiryDays: txn.card_acceptance_criteria?.min_expiry_time ?? null,
  });
  const moves = txn.state !== "pending";
  const attempt = await insertStartedAttempt(tx.db, { ...row, gateway_response: JSON.stringify(started.gatewayResponse) }, {
    sessionId: txn.session_id,
    // Gateways of one transaction may differ in operation: the one the payment starts on decides it.
    operation: moves || gateway.operation !== txn.operation ? gateway.operation : null,
    // A move to pending is told to nobody (no result word, no message: test/jobs/silent-events.test.ts): no job.
    move: moves ? { from: AWAITING_PAYMENT, event: paymentStartedEvent(txn.state) } : null,
  });
  return { code: gateway.code, attemptId: attempt.id, referenceNumber: attempt.reference_number, url: started.redirectUrl };
}
