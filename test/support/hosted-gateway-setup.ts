import { beforeAll } from "vitest";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";
import type { Ctx } from "@/lib/core/context";
import { createCurrency, createKey } from "./factories";
import { serveGatewayRoutes } from "./hosted-page-flow";

/**
 * What the tests of a hosted-page gateway (Stripe, MPGS) start from: KWD and USD; three settings of `pg` (`pg`
 * itself, `${pg}-auth` that authorizes, and `wrong.code` whose credentials the gateway refuses); an API key; the
 * app's routes served (`served` hears their base URL). Import it after pointing the app at the stand-in.
 */
export function hostedGatewaySetup(
  ctx: Ctx,
  gateway: {
    pg: "stripe" | "mpgs";
    credentials: Record<string, string>;
    wrong: { code: string; credentials: Record<string, string> };
    served: (base: string) => void;
    /** The amount and currency of a transaction made without saying. */
    defaults: { amount: string; currency: string };
  },
) {
  let base = "";
  let apiKey = "";
  let caller: { kind: "api_key"; id: string; name: string };
  beforeAll(async () => {
    for (const [code, decimals] of [["USD", 2], ["KWD", 3]] as const) await createCurrency(ctx, { code, decimals });
    const common = { pg: gateway.pg, currencies: ["KWD", "USD"], isSandbox: true, credentials: gateway.credentials };
    await createGatewaySetting({ ctx, input: { code: gateway.pg, ...common } });
    await createGatewaySetting({ ctx, input: { code: `${gateway.pg}-auth`, operation: "authorize", ...common } });
    await createGatewaySetting({ ctx, input: { ...common, code: gateway.wrong.code, credentials: gateway.wrong.credentials } });
    const key = await createKey(ctx);
    apiKey = key.key;
    caller = { kind: "api_key", id: key.id, name: key.name };
    base = await serveGatewayRoutes();
    gateway.served(base);
  });
  return {
    base: () => base,
    apiKey: () => apiKey,
    /** A transaction on one setting, made over the API's create. */
    async newTransaction(code: string = gateway.pg, amount = gateway.defaults.amount, currency = gateway.defaults.currency) {
      const { body } = await createTransaction({ ctx, input: { caller, fields: { amount, currency_code: currency, pg_codes: [code] }, files: {} } });
      return String(body.session_id);
    },
  };
}
