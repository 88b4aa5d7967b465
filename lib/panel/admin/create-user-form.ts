import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireSuperuser } from "@/lib/access/auth/permissions";
import { recordAudit } from "@/lib/access/audit/record-audit";
import type { Ctx } from "@/lib/core/context";
import type { FieldErrors } from "@/lib/core/errors";
import { failedFields } from "./form-state";
import { NEW_USER_VALUES, type UserFormValues } from "./new-user-values";
import { accessInput, auditedAccess, readUserAccess } from "./read-user-access";

export interface CreateUserFormState {
  values: UserFormValues;
  errors: FieldErrors;
  saved: string | null;
}

/**
 * The panel's "add a user" form: the CLI's create-user verb and zod rules, superusers only. The user and the
 * audit entry (password masked) are written in one transaction.
 */
export async function createUserForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<CreateUserFormState> {
  requireSuperuser(input.caller);
  const values = { username: String(input.form.get("username") ?? "").trim(), ...readUserAccess(input.form) };
  const password = String(input.form.get("password") ?? "");
  try {
    const user = await ctx.db.transaction().execute(async (db) => {
      const created = await createAdminUser({ ctx: { db }, input: { username: values.username, password, ...accessInput(values) } });
      const after = { ...auditedAccess(created), is_active: true, password: "set" };
      await recordAudit(db, input.caller, { action: "user.create", entity: "user", entityId: created.id, after });
      return created;
    });
    return { values: NEW_USER_VALUES, errors: {}, saved: `User ${user.username} added.` };
  } catch (error) {
    return { values, errors: failedFields(error), saved: null };
  }
}
