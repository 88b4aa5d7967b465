import { createHmac, timingSafeEqual } from "node:crypto";
import type { GatewaySetting } from "@/db/types";
import { env } from "@/lib/core/env";

/** Where Stripe sends the customer back: after paying ("return") or with its back link ("cancel"). */
export type ReturnLeg = "return" | "cancel";

// The return is unsigned by Stripe: we sign ours, so that nobody else can make a customer's payment end by
// sending a cancel for its reference. Keyed with the setting's own secret (config.secret), never a credential.
const signature = (gateway: GatewaySetting, reference: string, leg: ReturnLeg) =>
  createHmac("sha256", String(gateway.config.secret ?? "")).update(`${leg}:${reference}`).digest("hex");

export function stripeReturnUrl(gateway: GatewaySetting, reference: string, leg: ReturnLeg): string {
  const query = new URLSearchParams({ ref: reference, ...(leg === "cancel" ? { cancel: "1" } : {}), sig: signature(gateway, reference, leg) });
  return `${env.APP_URL}/b/checkout/gateway/stripe/return/?${query}`;
}

/** The leg a return's query claims, when its signature checks out; null otherwise. */
export function verifiedReturnLeg(gateway: GatewaySetting, params: Record<string, string>): ReturnLeg | null {
  const leg: ReturnLeg = params.cancel === "1" ? "cancel" : "return";
  if (!gateway.config.secret || !params.ref) return null;
  const given = Buffer.from(params.sig ?? "", "utf8");
  const expected = Buffer.from(signature(gateway, params.ref, leg), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected) ? leg : null;
}
