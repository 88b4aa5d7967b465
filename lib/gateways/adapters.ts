import type { GatewayAdapter } from "./adapter";
import type { KnownPg } from "./known-gateways";
import { knetAdapter } from "./knet/knet-adapter";
import { mpgsAdapter } from "./mpgs/mpgs-adapter";
import { sandboxAdapter } from "./sandbox/sandbox-adapter";
import { stripeAdapter } from "./stripe/stripe-adapter";

const ADAPTERS: Record<KnownPg, GatewayAdapter> = { sandbox: sandboxAdapter, knet: knetAdapter, stripe: stripeAdapter, mpgs: mpgsAdapter };

/** The adapter for a gateway setting's `pg`, or null when this build has none. */
export const adapterFor = (pg: string): GatewayAdapter | null => ADAPTERS[pg as KnownPg] ?? null;
