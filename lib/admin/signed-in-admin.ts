import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { findAdminUserById } from "@/db/queries/admin-users";
import { authOptions } from "@/lib/auth/next-auth-options";
import type { Caller } from "@/lib/auth/permissions";
import { appContext } from "@/lib/context";

export type AdminCaller = Extract<Caller, { kind: "user" }>;

/**
 * The administrator behind this request, read from the database on every page and server action (a disabled
 * user is out at once, whatever their cookie says); to the sign-in page otherwise.
 */
export async function signedInAdmin(): Promise<AdminCaller> {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: string } | undefined)?.id;
  const user = id && /^\d{1,18}$/.test(id) ? await findAdminUserById(appContext().db, id) : undefined;
  if (!user?.is_active) redirect("/admin/login");
  return {
    kind: "user",
    id: user.id,
    username: user.username,
    isSuperuser: user.is_superuser,
    gatewayCodes: user.gateway_codes,
    permissions: user.permissions,
  };
}
