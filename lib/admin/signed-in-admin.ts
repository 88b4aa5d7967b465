import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { findAdminUserById } from "@/db/queries/admin-users";
import { authOptions } from "@/lib/auth/next-auth-options";
import { type UserCaller, adminCaller } from "@/lib/auth/admin-caller";
import { appContext } from "@/lib/context";

/**
 * The administrator behind this request's session cookie, read from the database (a disabled user is out at
 * once, whatever their cookie says): null when there is none or they are disabled. Read once per request.
 */
export const sessionAdmin = cache(async (): Promise<UserCaller | null> => {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: string } | undefined)?.id;
  const user = id && /^\d{1,18}$/.test(id) ? await findAdminUserById(appContext().db, id) : undefined;
  return user?.is_active ? adminCaller(user) : null;
});

/** The administrator behind this request, for every page and server action of the panel; to the sign-in page otherwise. */
export async function signedInAdmin(): Promise<UserCaller> {
  return (await sessionAdmin()) ?? redirect("/admin/login");
}
