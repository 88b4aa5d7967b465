import { randomBytes } from "node:crypto";
import type { KnownPg } from "@/lib/gateways/known-gateways";

/**
 * A new gateway setting's own options for its pg: the sandbox signs its messages to us with a secret of each
 * setting's own; Stripe and MPGS settings sign the return addresses they give their gateway with one.
 */
export const initialGatewayConfig = (pg: KnownPg): Record<string, unknown> =>
  pg === "sandbox" || pg === "stripe" || pg === "mpgs" ? { secret: randomBytes(24).toString("hex") } : {};
