import { randomInt } from "node:crypto";
import { findSandboxPayment, insertSandboxPayment } from "@/db/queries/sandbox-payments";
import { findSandboxToken } from "@/db/queries/sandbox-tokens";
import type { GatewaySetting } from "@/db/types";
import type { GatewayResult, TokenChargeInput } from "@/lib/gateways/adapter";
import type { Ctx } from "@/lib/core/context";
import { sandboxResult } from "./sandbox-message";

/** True when the card's MM/YY is before this month (UTC). */
function expired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split("/").map(Number);
  return 2000 + year! < now.getUTCFullYear() || (2000 + year! === now.getUTCFullYear() && month! < now.getUTCMonth() + 1);
}

/**
 * A charge of a vaulted card without the customer: no page, no 3-D Secure, answered at once. The card decides
 * as it was told when saved (4000 0000 0000 0341 declines later charges). The payment reference is the key:
 * sending the same charge again returns the first result and charges nothing more.
 */
export async function chargeSandboxToken(ctx: Ctx, gateway: GatewaySetting, input: TokenChargeInput): Promise<GatewayResult> {
  const card = await findSandboxToken(ctx.db, input.token, gateway.code, input.customerId);
  const approved = card?.charge_behaviour === "approve" && !expired(card.card_expiry);
  const now = new Date();
  const inserted = await insertSandboxPayment(ctx.db, {
    reference_number: input.referenceNumber,
    gateway_code: gateway.code,
    amount: input.amount,
    currency_code: input.currencyCode,
    customer_id: input.customerId,
    operation: gateway.operation,
    paymentid: String(randomInt(10 ** 9, 10 ** 10)) + String(randomInt(10 ** 5, 10 ** 6)),
    status: approved ? "approved" : "declined",
    merchant_initiated: true,
    card_brand: card?.card_brand ?? null,
    card_masked: card?.card_masked ?? null,
    card_expiry: card?.card_expiry ?? null,
    operation_behaviour: card?.operation_behaviour ?? "accept",
    tranid: String(randomInt(10 ** 9, 10 ** 10)),
    auth_code: approved ? String(randomInt(100000, 1000000)) : null,
    created_at: now,
    settled_at: now,
  }, { ignoreRepeat: true });
  const payment = inserted ?? (await findSandboxPayment(ctx.db, input.referenceNumber))!;
  const result = sandboxResult(payment);
  return card ? result : { ...result, message: "Unknown card token" };
}
