import { type CheckoutConfig, loadCheckoutConfig } from "@/db/queries/transactions";
import { cachedConfig } from "@/lib/core/cache/config-cache";
import type { Ctx } from "@/lib/core/context";

/** The defaults, the currency and the named gateways (loadCheckoutConfig), from the configuration cache. */
export const cachedCheckoutConfig = (ctx: Ctx, currency: string, codes: string[]): Promise<CheckoutConfig> =>
  cachedConfig(`checkout:${JSON.stringify([currency, codes])}`, () => loadCheckoutConfig(ctx.db, currency, codes));
