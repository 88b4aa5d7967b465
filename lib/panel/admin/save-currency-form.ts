import { recordAudit } from "@/lib/access/audit/record-audit";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";

export interface CurrencyFormState {
  /** What was typed, kept when the form comes back with errors. */
  values: { code: string; decimals: string };
  errors: FieldErrors;
  saved: string | null;
}

/**
 * The panel's currency form: adds a currency or changes its decimal places, through the same verb (and zod
 * schema) as `npm run admin -- add-currency`. Superusers only; field errors come back in place with the values.
 */
export async function saveCurrencyForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<CurrencyFormState> {
  requireSuperuser(input.caller);
  const values = { code: String(input.form.get("code") ?? "").trim(), decimals: String(input.form.get("decimals") ?? "").trim() };
  const decimals = /^\d+$/.test(values.decimals) ? Number(values.decimals) : values.decimals === "" ? undefined : Number.NaN;
  try {
    const saved = await ctx.db.transaction().execute(async (db) => {
      const c = await addCurrency({ ctx: { db }, input: { code: values.code, decimals: decimals as number } });
      await recordAudit(db, input.caller, {
        action: c.previous_decimals === null ? "currency.add" : "currency.update",
        entity: "currency",
        entityId: c.code,
        before: c.previous_decimals === null ? null : { decimals: c.previous_decimals },
        after: { decimals: c.decimals },
      });
      return c;
    });
    return { values: { code: "", decimals: "" }, errors: {}, saved: `${saved.code} saved with ${saved.decimals} decimal places.` };
  } catch (error) {
    if (error instanceof ValidationFailed) return { values, errors: error.fields, saved: null };
    throw error;
  }
}
