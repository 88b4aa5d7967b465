import { recordAudit } from "@/lib/access/audit/record-audit";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { setCurrencyEnabled } from "@/lib/config/currencies/set-currency-enabled";
import { Conflict, NotFound, ValidationFailed } from "@/lib/core/errors";

export interface CurrencyToggleState {
  message: string | null;
  error: string | null;
}

/**
 * A currency row's "Disable" / "Enable" button, through the same verb as `npm run admin -- disable-currency`.
 * Superusers only; a refusal (an enabled gateway takes the currency) comes back as the row's error.
 */
export async function toggleCurrencyForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<CurrencyToggleState> {
  requireSuperuser(input.caller);
  const code = String(input.form.get("code") ?? "");
  const enabled = input.form.get("enabled") === "true";
  try {
    const changed = await ctx.db.transaction().execute(async (db) => {
      const c = await setCurrencyEnabled({ ctx: { db }, input: { code, enabled } });
      if (c.wasEnabled !== c.enabled) {
        await recordAudit(db, input.caller, {
          action: c.enabled ? "currency.enable" : "currency.disable",
          entity: "currency",
          entityId: c.code,
          before: { enabled: c.wasEnabled },
          after: { enabled: c.enabled },
        });
      }
      return c;
    });
    return { message: `${changed.code} ${changed.enabled ? "enabled" : "disabled"}.`, error: null };
  } catch (error) {
    if (error instanceof Conflict || error instanceof NotFound) return { message: null, error: error.message };
    if (error instanceof ValidationFailed) return { message: null, error: Object.values(error.fields).flat().join(" ") };
    throw error;
  }
}
