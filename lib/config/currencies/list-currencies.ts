import { listCurrenciesWithGateways } from "@/db/queries/currencies";
import type { Ctx } from "@/lib/core/context";

/** The configured currencies, each with the gateway settings that accept it, by code. */
export function listCurrencies({ ctx }: { ctx: Ctx }) {
  return listCurrenciesWithGateways(ctx.db);
}
