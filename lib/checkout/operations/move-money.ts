import { randomBytes } from "node:crypto";
import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { type ClaimAtOnce, type ClaimedOperation, claimMoneyOperation, settleMoneyOperation } from "@/db/queries/operations";
import { findTransactionView, type RowView } from "@/db/queries/transactions";
import type { GatewaySetting, MoneyOperation, PaymentAttempt } from "@/db/types";
import { canUseGateway, type Caller } from "@/lib/access/auth/permissions";
import { visibleGatewayCodes } from "@/lib/access/auth/transaction-scope";
import { cachedSettings } from "@/lib/core/cache/cached-settings";
import type { Ctx } from "@/lib/core/context";
import { Conflict, NotFound } from "@/lib/core/errors";
import type { OperationResult } from "@/lib/gateways/adapter";
import { decimalPlaces, formatAmount } from "@/lib/core/money/decimal";
import { adapterFor, pgsThatDo } from "@/lib/gateways/adapters";
import type { GatewayAdapter } from "@/lib/gateways/adapter";
import { unsupportedOperationMessage } from "@/lib/gateways/unsupported-operation";
import { logger } from "@/lib/core/log/logger";
import { eventsHaveEffects } from "@/lib/checkout/result/result-target";
import { NO_SUCH_TRANSACTION } from "./find-target-transaction";
import { moneyAnswer, type OperationAnswer } from "./operation-answer";
import { operationOrigin, type Idempotency } from "./operation-origin";
import { SETTLEMENT } from "@/lib/checkout/lifecycle/money";
import { FROM_STATES, type OperationName } from "@/lib/checkout/lifecycle/verbs";
import { notAllowedMessage } from "./operation-rules";
import { resolveAmount } from "./resolve-amount";
import type { OperationRequest } from "./read-operation-request";

/** Our reference for an operation at the gateway (its idempotency key there). */
export const newOperationReference = () => `OP${randomBytes(8).toString("hex").toUpperCase()}`;

interface Input {
  caller: Caller;
  kind: MoneyOperation;
  view: RowView;
  /** The payment the operation acts on (db/queries/operations.ts findMoneyTarget), if the transaction has one. */
  attempt: PaymentAttempt | undefined;
  /** The claim findMoneyTarget made as it read the row (claimAtOnce), if it could. */
  claimed: ClaimedOperation | undefined;
  amount: string | null;
  extra: Record<string, unknown>;
  idempotency: Idempotency | null;
}

/**
 * The claim findMoneyTarget may make as it reads the transaction, when the request names a plain positive amount
 * (an amount left out means "what remains", read first; a malformed one is refused after the row's checks, as
 * before). Its SQL holds the checks moveMoney makes before claiming; when it claims nothing, they say why.
 */
export function claimAtOnce(caller: Caller, name: OperationName, request: OperationRequest, idempotency: Idempotency | null): ClaimAtOnce | null {
  if (name !== "refund" && name !== "capture" && name !== "void") return null;
  if (request.amount === null || decimalPlaces(request.amount) === null) return null;
  return {
    kind: name,
    amount: request.amount,
    rule: SETTLEMENT[name],
    visibleCodes: visibleGatewayCodes(caller),
    pgs: pgsThatDo(name),
    row: { reference_number: newOperationReference(), ...operationOrigin(caller, request.extra, idempotency) },
  };
}

/**
 * Refund, capture or void: claims the money (so that racing requests never move more than was paid), asks the
 * gateway, and applies its answer. Money changes only on the gateway's success; a refusal is a failed operation
 * (400); no answer in time leaves the operation pending (202) for inquiry to settle.
 */
export async function moveMoney({ ctx, input }: { ctx: Ctx; input: Input }): Promise<OperationAnswer & { operationId: string }> {
  const { view, kind } = input;
  const { txn } = view;
  const { attempt } = input;
  // The setting as the config cache has it (dropped on any change): its credentials are read as stored.
  const gateway = attempt && (await cachedGatewaySetting(ctx.db, attempt.gateway_code));
  const adapter = gateway ? adapterFor(gateway.pg) : null;
  const operation = input.claimed ?? (await checkAndClaim(ctx, input, gateway, adapter));
  if (!attempt || !gateway || !adapter) {
    // Claimed as the gateway was removed: give the money back at once, as a refusal would.
    await settleMoneyOperation(ctx.db, operation.id, { state: "failed", gatewayResponse: {}, message: NO_GATEWAY }, "api", eventsHaveEffects(txn));
    throw new Conflict(NO_GATEWAY);
  }
  const amount = formatAmount(operation.amount!, view.decimals);

  const result = await askGateway(() =>
    adapter.operate(ctx, gateway, {
      kind,
      paymentReference: attempt.reference_number,
      operationReference: operation.reference_number!,
      amount,
      currencyCode: txn.currency_code,
    }),
  );
  const { webhook_hmac_key } = await cachedSettings(ctx.db);
  const after =
    result.outcome === "pending"
      ? txn
      : await settleMoneyOperation(
          ctx.db,
          operation.id,
          { state: result.outcome, gatewayResponse: result.gatewayResponse, message: result.message },
          "api",
          // An operation on a transaction with no webhook and no notifications plans no job: it would find nothing to do.
          eventsHaveEffects(txn),
        );
  // Settled by someone else in between (an inquiry): report the transaction as it now stands.
  const current = after ?? (await findTransactionView(ctx.db, txn.session_id))!.txn;
  const answer = moneyAnswer({ kind, operation, result, view, attempt, after: current, at: new Date(), hmacKey: webhook_hmac_key });
  return { ...answer, operationId: operation.id };
}

const NO_GATEWAY = "The payment's gateway is no longer configured; the operation cannot be sent.";

/** The checks before a claim, each refusal in the order the API documents them, then the claim itself. */
async function checkAndClaim(ctx: Ctx, input: Input, gateway: GatewaySetting | undefined, adapter: GatewayAdapter | null): Promise<ClaimedOperation> {
  const { view, kind, attempt } = input;
  const { txn } = view;
  if (!FROM_STATES[kind].includes(txn.state)) throw new Conflict(notAllowedMessage(kind, txn.state));
  // Money taken by a gateway the caller may not use is not theirs to move: not found, as an unknown transaction.
  if (attempt && !canUseGateway(input.caller, attempt.gateway_code)) throw new NotFound(NO_SUCH_TRANSACTION);
  if (!attempt || !gateway || !adapter) throw new Conflict(NO_GATEWAY);
  if (!adapter.features.operations.includes(kind)) throw new Conflict(unsupportedOperationMessage(kind, gateway));
  refuseWhileHeld(kind, txn);
  const amount = resolveAmount(kind, input.amount, txn, view.decimals);
  const operation = await claimMoneyOperation(
    ctx.db,
    {
      session_id: txn.session_id,
      kind,
      amount,
      attempt_id: attempt.id,
      reference_number: newOperationReference(),
      ...operationOrigin(input.caller, input.extra, input.idempotency),
    },
    SETTLEMENT[kind],
  );
  return operation ?? explainRefusedClaim(ctx, kind, txn.session_id, input.amount);
}

/** A gateway that throws or times out has not answered: the operation stays pending, never assumed either way. */
async function askGateway(call: () => Promise<OperationResult>): Promise<OperationResult> {
  try {
    return await call();
  } catch (error) {
    logger.warn({ err: error }, "gateway did not answer an operation; it stays pending");
    return { outcome: "pending", message: null, gatewayResponse: {} };
  }
}

/** A capture or void needs the whole authorization: while another operation holds part of it, that is a 409, not an amount error. */
function refuseWhileHeld(kind: MoneyOperation, txn: { state: string; held_amount: string }): void {
  if (SETTLEMENT[kind].exclusive && Number(txn.held_amount) > 0) {
    throw new Conflict(`Another operation on this ${txn.state} transaction is in progress; ${kind} is not allowed now.`);
  }
}

/** Why a claim did not fit, read again after the fact: another state (409), another operation (409), or the amount (400). */
async function explainRefusedClaim(ctx: Ctx, kind: MoneyOperation, sessionId: string, asked: string | null): Promise<never> {
  const { txn, decimals } = (await findTransactionView(ctx.db, sessionId))!;
  if (!FROM_STATES[kind].includes(txn.state)) throw new Conflict(notAllowedMessage(kind, txn.state));
  refuseWhileHeld(kind, txn);
  resolveAmount(kind, asked, txn, decimals);
  throw new Conflict("Another operation changed this transaction meanwhile; try again.");
}
