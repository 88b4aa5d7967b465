import { z } from "zod";
import { changeCurrencyState } from "@/db/queries/currency-state";
import type { Ctx } from "@/lib/core/context";
import { Conflict, NotFound } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation/parse-input";
import { addCurrencyInput } from "./add-currency";

export const setCurrencyEnabledInput = z.object({ code: addCurrencyInput.shape.code, enabled: z.boolean() });

/**
 * Enables or disables a configured currency. Disabling is refused, naming them, while enabled gateway settings
 * take the currency: merchants could still be sent to pay in it.
 */
export async function setCurrencyEnabled({ ctx, input }: { ctx: Ctx; input: z.input<typeof setCurrencyEnabledInput> }) {
  const { code, enabled } = parseInput(setCurrencyEnabledInput, input);
  const change = await changeCurrencyState(ctx.db, code, enabled);
  if (!change) throw new NotFound(`No currency ${code} is configured.`);
  if (change.blockers.length > 0) {
    throw new Conflict(
      `${code} cannot be disabled while enabled gateway settings take it: ${change.blockers.join(", ")}. Disable those gateway settings or remove ${code} from their currencies first.`,
    );
  }
  return { code, enabled, wasEnabled: change.was_enabled };
}
