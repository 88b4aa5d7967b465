import { resetAdminUserPassword } from "@/lib/access/admin-users/reset-admin-user-password";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import { type ChangeFormState, failedFields } from "./form-state";

/**
 * The panel's password reset: the administrator types the user's new password (the rules of create-user).
 * Superusers only. The audit log records that the password changed, never the password.
 */
export async function resetPasswordForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<ChangeFormState> {
  requireSuperuser(input.caller);
  try {
    const user = await ctx.db.transaction().execute(async (db) => {
      const changed = await resetAdminUserPassword({
        ctx: { db },
        input: { id: String(input.form.get("id") ?? ""), password: String(input.form.get("password") ?? "") },
      });
      await recordAudit(db, input.caller, {
        action: "user.reset_password",
        entity: "user",
        entityId: changed.id,
        after: { username: changed.username, password: "changed" },
      });
      return changed;
    });
    return { errors: {}, saved: `Password of ${user.username} changed.` };
  } catch (error) {
    return { errors: failedFields(error), saved: null };
  }
}
