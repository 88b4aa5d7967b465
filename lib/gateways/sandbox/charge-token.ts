import { randomInt } from "node:crypto";
import { findSandboxPayment } from "@/db/queries/sandbox-payments";
import { recordTokenCharge } from "@/db/queries/sandbox-tokens";
import type { GatewaySetting } from "@/db/types";
import type { GatewayResult, TokenChargeInput } from "@/lib/gateways/adapter";
import type { Ctx } from "@/lib/core/context";
import { sandboxResult } from "./sandbox-message";

/**
 * A charge of a vaulted card without the customer: no page, no 3-D Secure, answered at once. The card decides
 * as it was told when saved (4000 0000 0000 0341 declines later charges), and an expired one declines. The payment
 * reference is the key: sending the same charge again returns the first result and charges nothing more.
 */
export async function chargeSandboxToken(ctx: Ctx, gateway: GatewaySetting, input: TokenChargeInput): Promise<GatewayResult> {
  const { payment, cardKnown } = await recordTokenCharge(ctx.db, {
    referenceNumber: input.referenceNumber,
    gatewayCode: gateway.code,
    operation: gateway.operation,
    token: input.token,
    customerId: input.customerId,
    amount: input.amount,
    currencyCode: input.currencyCode,
    paymentid: String(randomInt(10 ** 9, 10 ** 10)) + String(randomInt(10 ** 5, 10 ** 6)),
    tranid: String(randomInt(10 ** 9, 10 ** 10)),
    authCode: String(randomInt(100000, 1000000)),
  });
  const result = sandboxResult(payment ?? (await findSandboxPayment(ctx.db, input.referenceNumber))!);
  return cardKnown ? result : { ...result, message: "Unknown card token" };
}
