import { randomInt } from "node:crypto";
import { findSandboxPayment, insertSandboxPayment, moveSandboxPayment } from "@/db/queries/sandbox-payments";
import type { GatewayAdapter, VerifiedMessage } from "@/lib/gateways/adapter";
import { Conflict } from "@/lib/core/errors";
import { forgetSandboxToken } from "@/db/queries/sandbox-tokens";
import { chargeSandboxToken } from "./charge-token";
import { sandboxResult } from "./sandbox-message";
import { inquireSandboxOperation, operateInSandbox } from "./sandbox-operations";
import { endPastDeadline } from "./sandbox-deadline";
import { hasValidSignature } from "./sandbox-signature";
import { sandboxCardPageUrl } from "./sandbox-urls";

const RESULT_OUTCOMES: Record<string, VerifiedMessage["outcome"]> = {
  CAPTURED: "success",
  APPROVED: "success",
  "NOT CAPTURED": "declined",
  CANCELED: "canceled",
  // The payment session ended at its deadline before the customer paid.
  EXPIRED: "canceled",
  ERROR: "error",
  PENDING: "pending",
};

const secretOf = (config: Record<string, unknown>) => String(config.secret ?? "");

/** The built-in simulated redirect gateway (pg "sandbox"). */
export const sandboxAdapter: GatewayAdapter = {
  features: { tokenization: true, zeroAuthorization: true, operations: ["refund", "capture", "void"], framedPage: true },

  async startPayment(ctx, input) {
    if (!input.gateway.is_sandbox) {
      throw new Conflict(`Gateway setting ${input.gateway.code} is not marked sandbox; the sandbox gateway refuses it.`);
    }
    const paymentid = String(randomInt(10 ** 9, 10 ** 10)) + String(randomInt(10 ** 5, 10 ** 6));
    await insertSandboxPayment(ctx.db, {
      reference_number: input.referenceNumber,
      gateway_code: input.gateway.code,
      amount: input.amount,
      currency_code: input.currencyCode,
      customer_id: input.customerId,
      must_save: input.mustSaveCard,
      operation: input.gateway.operation,
      paymentid,
      udf6: input.vendorName,
      created_at: new Date(),
      // The card page takes no card after the transaction's deadline (sandbox-deadline.ts).
      expires_at: input.expiresAt,
      // The card page refuses a card valid for fewer days (charge-card.ts).
      min_card_expiry_days: input.minCardExpiryDays || null,
    });
    return { redirectUrl: sandboxCardPageUrl(input.referenceNumber), gatewayResponse: { paymentid, result: "INITIALIZED" } };
  },

  referenceOf: ({ params }) => params.ref ?? null,

  verifyMessage(gateway, { params }) {
    const secret = secretOf(gateway.config);
    const outcome = RESULT_OUTCOMES[params.result ?? ""];
    const issuedAt = new Date(params.issued_at ?? "");
    if (!secret || !hasValidSignature(secret, params) || !outcome || !params.message_id || Number.isNaN(issuedAt.getTime())) {
      return null;
    }
    return { messageId: params.message_id, issuedAt, referenceNumber: params.ref!, outcome };
  },

  async releasePayment(ctx, _gateway, reference) {
    // Only a payment still waiting for the card or its 3-D Secure answer can be stopped; once the card is
    // taken, the answer is the bank's.
    const released = await moveSandboxPayment(ctx.db, reference, ["awaiting_card", "challenge"], { status: "canceled", settled_at: new Date() });
    return released ? "released" : "busy";
  },

  async inquire(ctx, _gateway, reference, { settle }) {
    const found = await findSandboxPayment(ctx.db, reference);
    if (!found) return { outcome: "error", message: "Unknown payment", card: null, savedCardToken: null, gatewayResponse: {} };
    // A session past its deadline has ended, asked about or not (a real gateway's expires by itself).
    let { payment } = await endPastDeadline(ctx, found);
    // A payment the gateway never answered for ("no answer" card) is approved when someone asks about it.
    if (settle && payment.status === "processing") {
      payment =
        (await moveSandboxPayment(ctx.db, reference, ["processing"], { status: "approved", settled_at: new Date() })) ??
        (await findSandboxPayment(ctx.db, reference))!;
    }
    return sandboxResult(payment);
  },

  operate: (ctx, _gateway, input) => operateInSandbox(ctx, input),

  inquireOperation: (ctx, _gateway, reference, { settle }) => inquireSandboxOperation(ctx, reference, settle),

  chargeToken: (ctx, gateway, input) => chargeSandboxToken(ctx, gateway, input),

  async removeToken(ctx, gateway, token) {
    await forgetSandboxToken(ctx.db, token, gateway.code);
  },
};
