import type { Db } from "@/db/client";
import { findCardAndAgreement, reserveAgreementCharge } from "@/db/queries/card-agreements";
import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import { insertEvent, moveTransaction } from "@/db/queries/payments";
import { canUseGateway, requireAction, type Caller } from "@/lib/access/auth/permissions";
import { cachedConfig } from "@/lib/core/cache/config-cache";
import type { Ctx } from "@/lib/core/context";
import { Conflict, ValidationFailed } from "@/lib/core/errors";
import { type GatewayResult, isFinal } from "@/lib/gateways/adapter";
import { AUTO_DEBITABLE } from "@/lib/checkout/lifecycle/verbs";
import { adapterFor } from "@/lib/gateways/adapters";
import { logger } from "@/lib/core/log/logger";
import { countPaymentFinished } from "@/lib/core/metrics/metrics";
import { findTargetTransaction } from "@/lib/checkout/operations/find-target-transaction";
import { applyGatewayResult } from "@/lib/checkout/payments/apply-gateway-result";
import { openAttempt } from "@/lib/checkout/payments/open-attempt";
import { type AutoDebitAnswer, autoDebitAnswer } from "./auto-debit-answer";
import { agreementCycle, utcDate } from "./agreement-cycle";
import { checkCardAndAgreement, checkChargeable, checkChargedTotal } from "./check-auto-debit";
import { readAutoDebitRequest } from "./read-auto-debit-request";

const UNANSWERED: GatewayResult = { outcome: "pending", message: null, card: null, savedCardToken: null, gatewayResponse: {} };

/**
 * Charges a customer's saved card without the customer (merchant-initiated), on a new auto_debit transaction of
 * the same customer and agreement. Everything is checked and the attempt claimed in one database transaction
 * with the transaction row locked (created → pending) and one of the agreement's charges reserved, so of two
 * concurrent requests one charges and the other gets 409, and total_cycles and the agreement's cycle hold (of two
 * transactions charged at once under one agreement, the second is decided after the first reserved its charge).
 * The gateway is called after that commit, and its result settles the attempt like any other (events, webhook,
 * messages).
 */
export async function autoDebit({ ctx, input }: { ctx: Ctx; input: { caller: Caller; fields: Record<string, unknown> } }): Promise<AutoDebitAnswer> {
  requireAction(input.caller, "auto_debit");
  const request = readAutoDebitRequest(input.fields);
  const now = new Date();
  const claim = await ctx.db.transaction().execute((trx) => claimAutoDebit(trx, input.caller, request, now));
  if (claim.kind === "expired") throw new Conflict("This transaction expired before it was charged.");
  const { attempt, amount, gateway, adapter, token, customerId, agreementId } = claim;

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
  if (isFinal(result)) {
    const final = result;
    const changed = await ctx.db.transaction().execute((trx) => applyGatewayResult(trx, attempt, final, "auto_debit"));
    if (changed) countPaymentFinished(attempt.gateway_code, final.outcome);
  }
  return autoDebitAnswer(ctx, attempt.session_id, attempt.reference_number, result.outcome);
}

/** The checks and the claim, inside the caller's database transaction; a refusal throws and changes nothing. */
async function claimAutoDebit(trx: Db, caller: Caller, request: { sessionId: string; token: string }, now: Date) {
  const view = await findTargetTransaction(trx, caller, { session_id: request.sessionId }, true);
  checkChargeable(view);
  const { txn } = view;
  const customerId = txn.customer_id!;
  const agreementId = txn.agreement!.id;
  if (txn.expires_at.getTime() <= now.getTime()) {
    await moveTransaction(trx, txn.session_id, AUTO_DEBITABLE, "expired");
    await insertEvent(trx, { sessionId: txn.session_id, kind: "state_changed", from: "created", to: "expired", cause: "auto_debit_after_expiry" });
    return { kind: "expired" as const };
  }
  const found = await findCardAndAgreement(trx, request.token, customerId, agreementId);
  // A card on a gateway the caller may not use is no card of theirs: refused as an unknown token, naming nothing of it.
  const card = found.card && canUseGateway(caller, found.card.gateway_code) ? found.card : undefined;
  const link = card ? found.link : undefined;
  checkCardAndAgreement(view, card, link, now);
  const gateway = await cachedConfig(`gateway:${card!.gateway_code}`, () => findGatewaySettingByCode(trx, card!.gateway_code));
  const adapter = gateway?.enabled ? adapterFor(gateway.pg) : null;
  if (!gateway || !adapter?.chargeToken) throw new Conflict(`Gateway ${card!.gateway_code} cannot charge saved cards now.`);

  const { attempt, amount } = await openAttempt(trx, view, gateway, { savedCardId: card!.id });
  checkChargedTotal(view, link!, amount);
  await moveTransaction(trx, txn.session_id, AUTO_DEBITABLE, "pending", { operation: gateway.operation });
  await insertEvent(trx, { sessionId: txn.session_id, kind: "state_changed", from: "created", to: "pending", cause: "auto_debit", attemptId: attempt.id });
  // Last, so that concurrent auto-debits of one agreement wait on its row only for the commit. Another may have
  // taken the last charge, or this cycle's, since the link was read: then everything above rolls back, and the
  // link as it is now says why.
  const reserved = await reserveAgreementCharge(trx, {
    customerId,
    agreementId,
    limit: link!.agreement.total_cycles,
    cycle: agreementCycle(link!.agreement),
    today: utcDate(now),
    attemptId: attempt.id,
    cardId: card!.id,
  });
  if (!reserved) {
    const again = await findCardAndAgreement(trx, request.token, customerId, agreementId);
    checkCardAndAgreement(view, again.card, again.link, now);
    throw new ValidationFailed({ agreement: [`Another charge under agreement ${agreementId} was made at the same time; try again.`] });
  }
  return { kind: "claimed" as const, attempt, amount, gateway, adapter, token: card!.token, customerId, agreementId };
}
