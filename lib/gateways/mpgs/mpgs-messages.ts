import { timingSafeEqual } from "node:crypto";
import type { GatewaySetting } from "@/db/types";
import { logger } from "@/lib/core/log/logger";
import type { GatewayMessage, Outcome, VerifiedMessage } from "@/lib/gateways/adapter";
import { verifiedReturnLeg } from "@/lib/gateways/signed-return-url";
import { mpgsCredentials } from "./mpgs-setting";
import { indicatorDigest } from "./start-mpgs-payment";

interface Notification {
  reference: string | null;
  transactionId: string;
  result: string;
}

/** A webhook notification's body (a Retrieve Transaction answer), or null for anything else (a return has no body). */
function notificationIn(rawBody: string): Notification | null {
  if (!rawBody) return null;
  try {
    const body = JSON.parse(rawBody) as { order?: { id?: unknown }; transaction?: { id?: unknown }; result?: unknown };
    if (typeof body !== "object" || body === null || typeof body.result !== "string") return null;
    return { reference: typeof body.order?.id === "string" ? body.order.id : null, transactionId: String(body.transaction?.id ?? ""), result: body.result };
  } catch {
    return null;
  }
}

/** A notification names its payment as the order id; a return in our `ref`. */
export const mpgsReferenceOf = (message: GatewayMessage): string | null => {
  const notification = notificationIn(message.rawBody);
  return notification ? notification.reference : (message.params.ref ?? null);
};

const same = (given: string, expected: string) => {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && b.length > 0 && timingSafeEqual(a, b);
};

// What a notification's result claims; only the order, retrieved, decides.
const CLAIMS: Record<string, Outcome> = { SUCCESS: "success", FAILURE: "declined" };

/**
 * A notification counts with the setting's notification secret in X-Notification-Secret; a return with our
 * signature and, after paying, a resultIndicator equal to the session's successIndicator (kept hashed on the
 * attempt, compared in constant time). Anything else is refused and logged as a warning, never with a secret.
 */
export function verifyMpgsMessage(gateway: GatewaySetting, message: GatewayMessage, attempt: { gatewayResponse: Record<string, unknown> | null }): VerifiedMessage | null {
  const notification = notificationIn(message.rawBody);
  const refuse = (why: string, reference: string | null | undefined): null => {
    logger.warn({ gateway: gateway.code, reference }, `MPGS ${why} refused`);
    return null;
  };
  if (notification) {
    if (!notification.reference) return null;
    if (!same(message.headers.get("x-notification-secret") ?? "", mpgsCredentials(gateway).notificationSecret)) return refuse("notification without the right secret", notification.reference);
    return {
      messageId: `notification:${notification.transactionId}:${notification.result}`,
      issuedAt: new Date(),
      referenceNumber: notification.reference,
      outcome: CLAIMS[notification.result] ?? "pending",
    };
  }
  const { ref, resultIndicator = "" } = message.params;
  const leg = verifiedReturnLeg(gateway, message.params);
  if (!leg) return refuse("return without our signature", ref);
  if (leg === "cancel") return { messageId: `cancel:${ref}`, issuedAt: new Date(), referenceNumber: ref!, outcome: "canceled" };
  const expected = attempt.gatewayResponse?.success_indicator_sha256;
  if (typeof expected !== "string" || !same(indicatorDigest(resultIndicator), expected)) return refuse("return whose resultIndicator is not its session's", ref);
  return { messageId: `return:${ref}`, issuedAt: new Date(), referenceNumber: ref!, outcome: "success" };
}
