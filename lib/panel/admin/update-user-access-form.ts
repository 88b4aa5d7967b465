import { updateAdminUserAccess } from "@/lib/access/admin-users/update-admin-user-access";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import type { FieldErrors } from "@/lib/core/errors";
import { failedFields } from "./form-state";
import { accessInput, auditedAccess, readUserAccess, type UserAccessValues } from "./read-user-access";

export interface UserAccessFormState {
  values: UserAccessValues;
  errors: FieldErrors;
  saved: string | null;
}

/**
 * The panel's form for what a user may do (superuser, or gateways and actions). Superusers only; nobody takes
 * their own superuser role and one active superuser always stays. The change and its audit entry commit together.
 */
export async function updateUserAccessForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<UserAccessFormState> {
  requireSuperuser(input.caller);
  const values = readUserAccess(input.form);
  try {
    const { after } = await ctx.db.transaction().execute(async (db) => {
      const change = await updateAdminUserAccess({
        ctx: { db },
        input: { id: String(input.form.get("id") ?? ""), actorId: input.caller.id, access: accessInput(values) },
      });
      await recordAudit(db, input.caller, {
        action: "user.update",
        entity: "user",
        entityId: change.after.id,
        before: auditedAccess(change.before),
        after: auditedAccess(change.after),
      });
      return change;
    });
    const saved = { isSuperuser: after.is_superuser, gatewayCodes: after.gateway_codes, permissions: after.permissions };
    return { values: saved, errors: {}, saved: `Access of ${after.username} saved.` };
  } catch (error) {
    return { values, errors: failedFields(error), saved: null };
  }
}
