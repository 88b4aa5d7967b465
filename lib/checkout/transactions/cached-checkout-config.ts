import { type CheckoutConfig, loadCheckoutConfig, type RowView, type TransactionRow } from "@/db/queries/transactions";
import { cachedConfig } from "@/lib/core/cache/config-cache";
import type { Ctx } from "@/lib/core/context";

/** The defaults, the currency and the named gateways (loadCheckoutConfig), from the configuration cache. */
export const cachedCheckoutConfig = (ctx: Ctx, currency: string, codes: string[]): Promise<CheckoutConfig> =>
  cachedConfig(`checkout:${JSON.stringify([currency, codes])}`, () => loadCheckoutConfig(ctx.db, currency, codes));

/**
 * A transaction's row with its currency's places and its gateways as the configuration cache has them: what an
 * operation's or an auto-debit's answer names, without the SQL of the whole view.
 */
export async function withCachedConfig(ctx: Ctx, txn: TransactionRow): Promise<RowView> {
  const { decimals, gateways } = await cachedCheckoutConfig(ctx, txn.currency_code, txn.pg_codes);
  return { txn, decimals: decimals!, gateways };
}
