import { listCurrencies } from "@/db/queries/currencies";
import type { Ctx } from "@/lib/core/context";
import { formatUnits, toUnits } from "@/lib/core/money/decimal";

/**
 * An amount as MPGS takes it: a decimal in the currency's units with exactly the currency's places ("10" KWD →
 * "10.000"). Null when it has more places than the currency (it is never rounded) or the currency is unknown.
 */
export async function mpgsAmount(ctx: Ctx, amount: string, currency: string): Promise<string | null> {
  const decimals = (await listCurrencies(ctx.db)).find((c) => c.code === currency)?.decimals;
  if (decimals === undefined) return null;
  const exact = formatUnits(toUnits(amount, decimals), decimals);
  // Our amounts have at most six places: compare there, so that a cut fraction shows.
  return toUnits(exact, 6) === toUnits(amount, 6) ? exact : null;
}

/** Whether MPGS's amount (a JSON number or string, "10.5") is ours ("10.500"). */
export function sameAmount(theirs: unknown, ours: string): boolean {
  const text = typeof theirs === "number" ? String(theirs) : typeof theirs === "string" ? theirs : "";
  return /^\d{1,12}(?:\.\d{1,6})?$/.test(text) && toUnits(text, 6) === toUnits(ours, 6);
}

export const inexactAmountMessage = (amount: string, currency: string) => `MPGS cannot take ${amount} ${currency} exactly (more places than the currency has).`;
