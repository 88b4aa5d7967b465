import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import { createUser } from "./factories";

// For the panel's form verbs: what a browser posts, the signed-in user they act as, what they wrote.

/** A form as the browser sends it; a list is a field ticked several times (checkboxes). */
export function formData(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  return form;
}

/** A signed-in administrator as signedInAdmin gives them to the actions: a real user (the audit log names them). */
export async function signedIn(ctx: Ctx, input: Parameters<typeof createUser>[1] = {}): Promise<UserCaller> {
  return adminCaller(await createUser(ctx, input));
}

/** The audit log, oldest first. */
export function auditEntries(ctx: Ctx) {
  return ctx.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
}
