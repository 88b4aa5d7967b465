import type { Action } from "@/lib/access/auth/permissions";

/** What the panel's user forms post: the superuser box, and the gateway and action boxes ticked. */
export interface UserAccessValues {
  isSuperuser: boolean;
  gatewayCodes: string[];
  permissions: string[];
}

export function readUserAccess(form: FormData): UserAccessValues {
  return {
    isSuperuser: form.get("isSuperuser") === "on",
    gatewayCodes: form.getAll("gatewayCodes").map(String),
    permissions: form.getAll("permissions").map(String),
  };
}

/** The access as the verbs take it; the action names are checked by their zod schema. */
export const accessInput = (values: UserAccessValues) => ({ ...values, permissions: values.permissions as Action[] });

/** What the audit log keeps of a user's access. */
export const auditedAccess = (user: { username: string; is_superuser: boolean; gateway_codes: string[]; permissions: string[] }) => ({
  username: user.username,
  is_superuser: user.is_superuser,
  gateway_codes: user.gateway_codes,
  permissions: user.permissions,
});
