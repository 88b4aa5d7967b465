import { findAgreementLink } from "@/db/queries/card-agreements";
import { findGatewaySettingByCode } from "@/db/queries/gateway-settings";
import { insertAttempt, insertEvent, moveTransaction } from "@/db/queries/payments";
import { findSavedCardByToken } from "@/db/queries/saved-cards";
import { findTransactionView } from "@/db/queries/transactions";
import { canUseGateway, requireAction, type Caller } from "@/lib/auth/permissions";
import type { Ctx } from "@/lib/context";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { type GatewayResult, isFinal } from "@/lib/gateways/adapter";
import { adapterFor } from "@/lib/gateways/adapters";
import { logger } from "@/lib/log/logger";
import { computeFee } from "@/lib/money/compute-fee";
import { findTargetTransaction } from "@/lib/operations/find-target-transaction";
import { applyGatewayResult } from "@/lib/payments/apply-gateway-result";
import { newReference } from "@/lib/payments/start-payment";
import { type AutoDebitAnswer, autoDebitAnswer } from "./auto-debit-answer";
import { checkCardAndAgreement, checkChargeable } from "./check-auto-debit";
import { readAutoDebitRequest } from "./read-auto-debit-request";

const UNANSWERED: GatewayResult = { outcome: "pending", message: null, card: null, savedCardToken: null, gatewayResponse: {} };

/**
 * Charges a customer's saved card without the customer (merchant-initiated), on a new auto_debit transaction of
 * the same customer and agreement. The attempt is claimed with the transaction locked (created → pending), so
 * of two concurrent requests one charges and the other gets 409; the gateway is called after that commit, and
 * its result settles the attempt like any other (events, webhook, messages).
 */
export async function autoDebit({ ctx, input }: { ctx: Ctx; input: { caller: Caller; fields: Record<string, unknown> } }): Promise<AutoDebitAnswer> {
  requireAction(input.caller, "auto_debit");
  const request = readAutoDebitRequest(input.fields);
  const now = new Date();
  const view = await findTargetTransaction(ctx.db, input.caller, { session_id: request.sessionId });
  checkChargeable(view);
  const { txn } = view;
  const [card, link] = await Promise.all([
    findSavedCardByToken(ctx.db, request.token, txn.customer_id!),
    findAgreementLink(ctx.db, txn.customer_id!, txn.agreement!.id),
  ]);
  checkCardAndAgreement(view, card, link, now);
  if (!canUseGateway(input.caller, card!.gateway_code)) throw new ValidationFailed({ token: [`No saved card with this token for customer ${txn.customer_id}.`] });
  const gateway = await findGatewaySettingByCode(ctx.db, card!.gateway_code);
  const adapter = gateway?.enabled ? adapterFor(gateway.pg) : null;
  if (!gateway || !adapter?.chargeToken) throw new Conflict(`Gateway ${card!.gateway_code} cannot charge saved cards now.`);

  const claim = await ctx.db.transaction().execute(async (trx) => {
    const locked = (await findTransactionView(trx, txn.session_id, true))!;
    checkChargeable(locked);
    if (locked.txn.expires_at.getTime() <= now.getTime()) {
      await moveTransaction(trx, txn.session_id, ["created"], "expired");
      await insertEvent(trx, { sessionId: txn.session_id, kind: "state_changed", from: "created", to: "expired", cause: "auto_debit_after_expiry" });
      return null;
    }
    const fee = computeFee(locked.txn.amount, locked.decimals, gateway, locked.txn.currency_code);
    const attempt = await insertAttempt(trx, {
      session_id: txn.session_id,
      reference_number: newReference(),
      gateway_code: gateway.code,
      pg: gateway.pg,
      amount: fee.total,
      fee: fee.fee,
      currency_code: locked.txn.currency_code,
      initiator: "merchant",
      saved_card_id: card!.id,
    });
    await moveTransaction(trx, txn.session_id, ["created"], "pending", { operation: gateway.operation });
    await insertEvent(trx, { sessionId: txn.session_id, kind: "state_changed", from: "created", to: "pending", cause: "auto_debit", attemptId: attempt.id });
    return attempt;
  });
  if (!claim) throw new Conflict("This transaction expired before it was charged.");

  let result = UNANSWERED;
  try {
    result = await adapter.chargeToken(ctx, gateway, {
      referenceNumber: claim.reference_number,
      token: card!.token,
      customerId: txn.customer_id!,
      amount: claim.amount,
      currencyCode: claim.currency_code,
      agreementId: txn.agreement!.id,
    });
  } catch (error) {
    // Unknown whether the gateway charged: the attempt stays pending and the maintenance inquiry settles it.
    logger.warn({ err: error, reference: claim.reference_number }, "gateway did not answer an auto-debit; it stays pending");
  }
  if (isFinal(result)) {
    const final = result;
    await ctx.db.transaction().execute((trx) => applyGatewayResult(trx, claim, final, "auto_debit"));
  }
  return autoDebitAnswer(ctx, txn.session_id, claim.reference_number, result.outcome);
}
