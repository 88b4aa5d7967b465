import { recordAudit } from "@/lib/access/audit/record-audit";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, NotFound, ValidationFailed } from "@/lib/core/errors";
import { setGatewayEnabled } from "@/lib/config/gateway-settings/set-gateway-enabled";

export interface GatewayEnabledState {
  /** Why the change was refused (nothing changed). */
  error: string | null;
  done: string | null;
}

const messages = (fields: FieldErrors): string[] => Object.values(fields).flatMap((v) => (Array.isArray(v) ? v : messages(v)));

/** The panel's enable / disable button: superusers only, through the CLI's verb, audited in the same transaction. */
export async function setGatewayEnabledForm({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; form: FormData };
}): Promise<GatewayEnabledState> {
  requireSuperuser(input.caller);
  const code = String(input.form.get("code") ?? "");
  const enabled = input.form.get("enabled") === "true";
  try {
    await ctx.db.transaction().execute(async (db) => {
      const { before, after } = await setGatewayEnabled({ ctx: { db }, input: { code, enabled } });
      if (before.enabled === after.enabled) return;
      await recordAudit(db, input.caller, {
        action: enabled ? "gateway.enable" : "gateway.disable",
        entity: "gateway_setting",
        entityId: code,
        before: { enabled: before.enabled },
        after: { enabled: after.enabled },
      });
    });
    return { error: null, done: `${code} ${enabled ? "enabled" : "disabled"}.` };
  } catch (error) {
    if (error instanceof ValidationFailed) return { error: messages(error.fields).join(" "), done: null };
    if (error instanceof NotFound) return { error: error.message, done: null };
    throw error;
  }
}
