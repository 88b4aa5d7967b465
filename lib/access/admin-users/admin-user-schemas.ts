import { z } from "zod";
import { ACTIONS } from "@/lib/access/auth/permissions";

// The rules for an admin user's fields, shared by the CLI's create-user and the panel's forms.

export const passwordSchema = z
  .string()
  .min(8, "Password must have at least 8 characters.")
  .max(256, "Password may have at most 256 characters.");

/** What a user may do: everything (superuser), or the listed actions on the listed gateways. */
export const userAccessSchema = z.object({
  isSuperuser: z.boolean().default(false),
  gatewayCodes: z.array(z.string().min(1)).default([]),
  permissions: z
    .array(z.enum(ACTIONS, { error: `Permissions must be among: ${ACTIONS.join(", ")}.` }))
    .default(["create", "update"]),
});

/** A user id as the database has it (a bigint); anything else names nobody. */
export const adminUserIdSchema = z.string().regex(/^\d{1,18}$/, "No such user.");

/** The columns stored for an access: duplicates dropped, a superuser holding every action. */
export function storedAccess(access: z.output<typeof userAccessSchema>) {
  return {
    is_superuser: access.isSuperuser,
    gateway_codes: [...new Set(access.gatewayCodes)],
    permissions: access.isSuperuser ? [...ACTIONS] : [...new Set(access.permissions)],
  };
}
