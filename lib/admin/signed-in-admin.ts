import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { findAdminUserById } from "@/db/queries/admin-users";
import { authOptions } from "@/lib/auth/next-auth-options";
import { type UserCaller, adminCaller } from "@/lib/auth/admin-caller";
import { appContext } from "@/lib/context";

/**
 * The administrator behind this request, read from the database on every page and server action (a disabled
 * user is out at once, whatever their cookie says); to the sign-in page otherwise. Read once per request.
 */
export const signedInAdmin = cache(async (): Promise<UserCaller> => {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: string } | undefined)?.id;
  const user = id && /^\d{1,18}$/.test(id) ? await findAdminUserById(appContext().db, id) : undefined;
  if (!user?.is_active) redirect("/admin/login");
  return adminCaller(user);
});
