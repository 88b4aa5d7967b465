import { timeGatewayCall } from "@/lib/core/timing/request-timing";
import type { MoneyOperation } from "@/db/types";
import type { GatewayAdapter } from "./adapter";
import type { KnownPg } from "./known-gateways";
import { knetAdapter } from "./knet/knet-adapter";
import { mpgsAdapter } from "./mpgs/mpgs-adapter";
import { sandboxAdapter } from "./sandbox/sandbox-adapter";
import { stripeAdapter } from "./stripe/stripe-adapter";

/**
 * The adapter with every method's time added to the request's gateway time (its Server-Timing header). A view, not
 * a copy: a method is looked up on the adapter at each call, so what the adapter has then is what runs.
 */
function timed(adapter: GatewayAdapter): GatewayAdapter {
  return new Proxy(adapter, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => timeGatewayCall(() => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}

const ADAPTERS: Record<KnownPg, GatewayAdapter> = {
  sandbox: timed(sandboxAdapter),
  knet: timed(knetAdapter),
  stripe: timed(stripeAdapter),
  mpgs: timed(mpgsAdapter),
};

/** The adapter for a gateway setting's `pg`, or null when this build has none. */
export const adapterFor = (pg: string): GatewayAdapter | null => ADAPTERS[pg as KnownPg] ?? null;

/** The kinds of gateway (`pg`) whose adapters do `operation` (refund, capture or void). */
export const pgsThatDo = (operation: MoneyOperation): string[] =>
  Object.entries(ADAPTERS).flatMap(([pg, adapter]) => (adapter.features.operations.includes(operation) ? [pg] : []));
