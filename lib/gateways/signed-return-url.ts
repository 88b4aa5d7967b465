import { createHmac, timingSafeEqual } from "node:crypto";
import type { GatewaySetting } from "@/db/types";
import { env } from "@/lib/core/env";

/**
 * Addresses we give a hosted-page gateway (Stripe, MPGS) for the customer's browser: back after paying ("return"),
 * by the page's cancel link ("cancel"), or to our own launcher of the gateway's page ("page").
 */
export type ReturnLeg = "return" | "cancel" | "page";

// Such returns are not signed by the gateway: we sign ours, so that nobody else can make a customer's payment end
// by sending a cancel for its reference. Keyed with the setting's own secret (config.secret), never a credential.
const signature = (gateway: GatewaySetting, reference: string, leg: ReturnLeg) =>
  createHmac("sha256", String(gateway.config.secret ?? "")).update(`${leg}:${reference}`).digest("hex");

/** Our signed address for a leg of the attempt, under /b/checkout/gateway/<pg>/. */
export function signedReturnUrl(gateway: GatewaySetting, reference: string, leg: ReturnLeg): string {
  const query = new URLSearchParams({ ref: reference, ...(leg === "cancel" ? { cancel: "1" } : {}), sig: signature(gateway, reference, leg) });
  return `${env.APP_URL}/b/checkout/gateway/${gateway.pg}/${leg === "page" ? "page" : "return"}/?${query}`;
}

/** Whether a query's `ref` and `sig` are ours for that leg. */
export function signedFor(gateway: GatewaySetting, params: Record<string, string>, leg: ReturnLeg): boolean {
  if (!gateway.config.secret || !params.ref) return false;
  const given = Buffer.from(params.sig ?? "", "utf8");
  const expected = Buffer.from(signature(gateway, params.ref, leg), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The leg a return's query claims (cancel=1 or not), when its signature checks out; null otherwise. */
export function verifiedReturnLeg(gateway: GatewaySetting, params: Record<string, string>): "return" | "cancel" | null {
  const leg = params.cancel === "1" ? "cancel" : "return";
  return signedFor(gateway, params, leg) ? leg : null;
}
