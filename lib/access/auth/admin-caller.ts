import type { AdminUser } from "@/db/types";
import type { Caller } from "./permissions";

export type UserCaller = Extract<Caller, { kind: "user" }>;

/** An admin user as a caller of the verbs: what they may use and do. */
export const adminCaller = (user: Pick<AdminUser, "id" | "username" | "is_superuser" | "gateway_codes" | "permissions">): UserCaller => ({
  kind: "user",
  id: user.id,
  username: user.username,
  isSuperuser: user.is_superuser,
  gatewayCodes: user.gateway_codes,
  permissions: user.permissions,
});
