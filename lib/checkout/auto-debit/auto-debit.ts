import type { Db } from "@/db/client";
import { type AutoDebitFacts, claimAutoDebit, findAutoDebitFacts } from "@/db/queries/auto-debits";
import { settleAtOnce } from "@/db/queries/settle-at-once";
import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { insertEvent, moveTransaction } from "@/db/queries/payments";
import type { RowView } from "@/db/queries/transactions";
import type { GatewaySetting, PaymentAttempt } from "@/db/types";
import { canUseGateway, requireAction, type Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { Conflict, ValidationFailed } from "@/lib/core/errors";
import { type GatewayAdapter, type GatewayResult, isFinal } from "@/lib/gateways/adapter";
import { AUTO_DEBITABLE, transitionFor } from "@/lib/checkout/lifecycle/verbs";
import { adapterFor } from "@/lib/gateways/adapters";
import { logger } from "@/lib/core/log/logger";
import { countPaymentFinished } from "@/lib/core/metrics/metrics";
import { visibleTarget } from "@/lib/checkout/operations/find-target-transaction";
import { applyGatewayResult, resultEventData, settledAttempt } from "@/lib/checkout/payments/apply-gateway-result";
import { newAttempt } from "@/lib/checkout/payments/new-attempt";
import { eventsHaveEffects } from "@/lib/checkout/result/result-target";
import { SESSION_ID } from "@/lib/checkout/transactions/get-transaction";
import { withCachedConfig } from "@/lib/checkout/transactions/cached-checkout-config";
import { type AutoDebitAnswer, answerOf, autoDebitAnswer } from "./auto-debit-answer";
import { agreementCycle, utcDate } from "./agreement-cycle";
import { checkCardAndAgreement, checkChargeable, checkChargedTotal } from "./check-auto-debit";
import { readAutoDebitRequest } from "./read-auto-debit-request";

interface Claim {
  attempt: PaymentAttempt;
  /** What the gateway is asked for, with the currency's places. */
  amount: string;
  view: RowView;
  gateway: GatewaySetting;
  adapter: GatewayAdapter;
  token: string;
  customerId: string;
  agreementId: string;
}

const UNANSWERED: GatewayResult = { outcome: "pending", message: null, card: null, savedCardToken: null, gatewayResponse: {} };

/**
 * Charges a customer's saved card without the customer (merchant-initiated), on a new auto_debit transaction of
 * the same customer and agreement, in five round trips when all goes well: one read of everything it checks, one
 * statement that claims the transaction (created → pending, while its row is still as read: else it is read and
 * checked again) and reserves one of the agreement's charges, the gateway's call, and one statement that settles
 * the result. The claim holds its locks only for its one statement: of two concurrent requests one charges and the
 * other gets 409, and total_cycles and the agreement's cycle hold (of two transactions charged at once under one
 * agreement, the second is decided after the first reserved its charge). The result settles the attempt like any
 * other (events, webhook, messages).
 */
export async function autoDebit({ ctx, input }: { ctx: Ctx; input: { caller: Caller; fields: Record<string, unknown> } }): Promise<AutoDebitAnswer> {
  requireAction(input.caller, "auto_debit");
  const request = readAutoDebitRequest(input.fields);
  const claim = await claimCharge(ctx.db, input.caller, request, new Date());
  const { attempt, amount, view, gateway, adapter, token, customerId, agreementId } = claim;

  let result = UNANSWERED;
  try {
    result = await adapter.chargeToken!(ctx, gateway, {
      referenceNumber: attempt.reference_number,
      token,
      customerId,
      amount,
      currencyCode: attempt.currency_code,
      agreementId,
    });
  } catch (error) {
    // Unknown whether the gateway charged: the attempt stays pending and the maintenance inquiry settles it.
    logger.warn({ err: error, reference: attempt.reference_number }, "gateway did not answer an auto-debit; it stays pending");
  }
  if (!isFinal(result)) return autoDebitAnswer(ctx, attempt.session_id, attempt.reference_number, result.outcome);
  const final = result;
  const { to, from } = transitionFor(final.outcome, gateway.operation, view.txn.interface);
  const { settled } = await settleAtOnce(ctx.db, {
    attempt,
    to,
    from,
    success: final.outcome === "success",
    operation: gateway.operation,
    changes: settledAttempt(final),
    cause: "auto_debit",
    data: resultEventData(attempt, final),
    // A transaction with no webhook and no notifications plans no job: it would find nothing to do.
    dispatch: eventsHaveEffects(view.txn),
    agreement: { customerId, agreementId },
  });
  if (settled) {
    countPaymentFinished(attempt.gateway_code, final.outcome);
    return answerOf(ctx, { view: { ...view, txn: settled.txn }, attempt: settled.attempt, event: settled.event }, final.outcome);
  }
  // Not the usual case (settled meanwhile, the transaction moved or past its deadline): the general way.
  const changed = await ctx.db.transaction().execute((trx) => applyGatewayResult(trx, attempt, final, "auto_debit"));
  if (changed) countPaymentFinished(attempt.gateway_code, final.outcome);
  return autoDebitAnswer(ctx, attempt.session_id, attempt.reference_number, final.outcome);
}

/** The checks and the claim; a refusal throws and changes nothing (but a transaction past its deadline, expired). */
async function claimCharge(db: Db, caller: Caller, request: { sessionId: string; token: string }, now: Date, retries = 2): Promise<Claim> {
  const facts = SESSION_ID.test(request.sessionId) ? await findAutoDebitFacts(db, request.sessionId, request.token) : undefined;
  const { txn } = visibleTarget(caller, facts);
  checkChargeable(txn);
  const view = await withCachedConfig({ db }, txn);
  const customerId = txn.customer_id!;
  const agreementId = txn.agreement!.id;
  if (txn.expires_at.getTime() <= now.getTime()) {
    await expire(db, txn.session_id);
    throw new Conflict("This transaction expired before it was charged.");
  }
  const { card, link } = usableCard(caller, facts!);
  checkCardAndAgreement(view, card, link, now);
  const gateway = await cachedGatewaySetting(db, card!.gateway_code);
  const adapter = gateway?.enabled ? adapterFor(gateway.pg) : null;
  if (!gateway || !adapter?.chargeToken) throw new Conflict(`Gateway ${card!.gateway_code} cannot charge saved cards now.`);

  const row = newAttempt(view, gateway);
  checkChargedTotal(view, link!, row.amount);
  const attempt = await claimAutoDebit(db, {
    sessionId: txn.session_id,
    version: facts!.version,
    from: AUTO_DEBITABLE,
    operation: gateway.operation,
    attempt: { ...row, saved_card_id: card!.id },
    customerId,
    agreementId,
    limit: link!.agreement.total_cycles,
    cycle: agreementCycle(link!.agreement),
    today: utcDate(now),
  });
  if (attempt) return { attempt, amount: row.amount, view, gateway, adapter, token: card!.token, customerId, agreementId };
  // A refused claim says why; a transaction changed meanwhile (an update, the expiry scheduler's mark) is read again.
  if (retries > 0 && (await explainRefusedClaim(db, caller, request, facts!.version, now)) === "changed") {
    return claimCharge(db, caller, request, now, retries - 1);
  }
  throw new Conflict("This transaction kept changing while it was being charged; nothing was charged, try again.");
}

/** A card on a gateway the caller may not use is no card of theirs: refused as an unknown token, naming nothing of it. */
function usableCard(caller: Caller, facts: AutoDebitFacts) {
  const card = facts.card && canUseGateway(caller, facts.card.gateway_code) ? facts.card : undefined;
  return { card, link: card ? facts.link : undefined };
}

/** An auto-debit asked for after the transaction's deadline expires it (unless something else moved it first). */
async function expire(db: Db, sessionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await moveTransaction(trx, sessionId, AUTO_DEBITABLE, "expired"))) return;
    await insertEvent(trx, { sessionId, kind: "state_changed", from: "created", to: "expired", cause: "auto_debit_after_expiry" });
  });
}

/**
 * Why a claim did not go through, read again after the fact: the transaction moved on (409), the agreement's
 * charges or cycle were taken meanwhile by another auto-debit (400, the link as it is now says why; as well when
 * the rules still allow it: try again). "changed": the transaction's row is no longer the one the claim checked.
 */
async function explainRefusedClaim(db: Db, caller: Caller, request: { sessionId: string; token: string }, version: string, now: Date): Promise<"changed"> {
  const facts = await findAutoDebitFacts(db, request.sessionId, request.token);
  const { txn } = visibleTarget(caller, facts);
  checkChargeable(txn);
  const { card, link } = usableCard(caller, facts!);
  checkCardAndAgreement(await withCachedConfig({ db }, txn), card, link, now);
  if (facts!.version !== version) return "changed";
  throw new ValidationFailed({ agreement: [`Another charge under agreement ${txn.agreement!.id} was made at the same time; try again.`] });
}
