import { setAdminUserActive } from "@/lib/access/admin-users/set-admin-user-active";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import { type ChangeFormState, failedFields } from "./form-state";

/**
 * The panel's disable / enable button for a user. Superusers only; nobody disables themselves, and the last
 * active superuser stays. A disabled user's next page or action sends them to the sign-in page.
 */
export async function setUserActiveForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<ChangeFormState> {
  requireSuperuser(input.caller);
  const active = input.form.get("active") === "true";
  try {
    const user = await ctx.db.transaction().execute(async (db) => {
      const { before, after } = await setAdminUserActive({
        ctx: { db },
        input: { id: String(input.form.get("id") ?? ""), active, actorId: input.caller.id },
      });
      // A second press of the same button changes nothing and leaves nothing to record.
      if (before.is_active !== after.is_active) {
        await recordAudit(db, input.caller, {
          action: active ? "user.enable" : "user.disable",
          entity: "user",
          entityId: after.id,
          before: { username: before.username, is_active: before.is_active },
          after: { username: after.username, is_active: after.is_active },
        });
      }
      return after;
    });
    return { errors: {}, saved: `${user.username} is ${active ? "enabled" : "disabled"}.` };
  } catch (error) {
    return { errors: failedFields(error), saved: null };
  }
}
