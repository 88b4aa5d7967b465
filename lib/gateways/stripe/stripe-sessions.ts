import type Stripe from "stripe";
import { findAttemptByReference } from "@/db/queries/payments";
import type { GatewaySetting } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import type { GatewayResult } from "@/lib/gateways/adapter";
import { callStripe, isStripeRefusal, stripeFor } from "./stripe-client";
import { noStripeSession, stripeResult } from "./stripe-result";

// The PaymentIntent and its latest charge come with the session: one request answers an inquiry.
const EXPAND = ["payment_intent.latest_charge"];

/** The Checkout Session id kept in the attempt's gateway_response since the payment started. */
async function sessionIdOf(ctx: Ctx, reference: string): Promise<string | null> {
  const id = (await findAttemptByReference(ctx.db, reference))?.gateway_response?.checkout_session;
  return typeof id === "string" ? id : null;
}

const retrieve = (gateway: GatewaySetting, stripe: Stripe, id: string) =>
  callStripe(gateway, "looking up a payment", () => stripe.checkout.sessions.retrieve(id, { expand: EXPAND }));

/** Ends an open session so that it can never be paid; Stripe refuses when it is no longer open, then it is read as it is. */
async function end(gateway: GatewaySetting, stripe: Stripe, id: string): Promise<Stripe.Checkout.Session> {
  try {
    return await callStripe(gateway, "ending a payment", () => stripe.checkout.sessions.expire(id, { expand: EXPAND }));
  } catch (error) {
    if (!isStripeRefusal(error)) throw error;
    return retrieve(gateway, stripe, id);
  }
}

/**
 * The payment's result from its Checkout Session. A customer back from Stripe's page by its back link has left
 * a session Stripe would keep payable: it is ended first, so that the answer (canceled, or declined after a
 * declined card) is final and no later payment can follow it.
 */
export async function inquireStripePayment(ctx: Ctx, gateway: GatewaySetting, reference: string, customerLeft: boolean): Promise<GatewayResult> {
  const id = await sessionIdOf(ctx, reference);
  if (!id) return noStripeSession(reference);
  const stripe = stripeFor(gateway);
  const session = await retrieve(gateway, stripe, id);
  return stripeResult(reference, customerLeft && session.status === "open" ? await end(gateway, stripe, id) : session);
}

/** Ends the attempt's session before another starts: "busy" once the customer has paid it (its result comes by webhook). */
export async function releaseStripePayment(ctx: Ctx, gateway: GatewaySetting, reference: string): Promise<"released" | "busy"> {
  const id = await sessionIdOf(ctx, reference);
  if (!id) return "released";
  const session = await end(gateway, stripeFor(gateway), id);
  return session.status === "expired" ? "released" : "busy";
}
