import { z } from "zod";
import { upsertCurrency } from "@/db/queries/currencies";
import type { Ctx } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation/parse-input";

export const addCurrencyInput = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Currency code must be 3 letters (ISO 4217), for example KWD."),
  decimals: z
    .number({ error: "Decimals must be a whole number between 0 and 4." })
    .int("Decimals must be a whole number.")
    .min(0, "Decimals must be between 0 and 4.")
    .max(4, "Decimals must be between 0 and 4."),
});

/** Adds a currency to the configured list (or changes its decimal places). */
export async function addCurrency({ ctx, input }: { ctx: Ctx; input: z.input<typeof addCurrencyInput> }) {
  const data = parseInput(addCurrencyInput, input);
  return upsertCurrency(ctx.db, data.code, data.decimals);
}
