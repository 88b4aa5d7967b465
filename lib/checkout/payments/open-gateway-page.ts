import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { findAttemptByReference } from "@/db/queries/payments";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { adapterFor } from "@/lib/gateways/adapters";

/**
 * Our page that opens a gateway's payment page for an attempt still waiting for it (MPGS's Hosted Checkout needs
 * its checkout.js, so it cannot be a plain redirect). Anything else (no such page for the pg, another attempt's
 * signature, a finished attempt) is a 404 that says nothing about the attempt.
 */
export async function openGatewayPage({ ctx, input }: { ctx: Ctx; input: { pg: string; params: Record<string, string> } }): Promise<Response> {
  const adapter = adapterFor(input.pg);
  const attempt = adapter?.paymentPage && input.params.ref ? await findAttemptByReference(ctx.db, input.params.ref) : undefined;
  const gateway = attempt?.pg === input.pg && attempt.state === "pending" ? await cachedGatewaySetting(ctx.db, attempt.gateway_code) : undefined;
  const page = attempt && gateway ? adapter!.paymentPage!(gateway, { gatewayResponse: attempt.gateway_response }, input.params) : null;
  if (!page) throw new NotFound("No such payment page.");
  return page;
}
