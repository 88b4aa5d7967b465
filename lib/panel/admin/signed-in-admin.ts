import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { activeAdmin, type PanelSessionClaims } from "@/lib/access/auth/active-admin";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { authOptions } from "@/lib/access/auth/next-auth-options";
import { appContext } from "@/lib/core/context";

/**
 * The administrator behind this request's session cookie, checked against the database (lib/access/auth/active-admin.ts):
 * null when there is none or it no longer counts. Read once per request.
 */
export const sessionAdmin = cache(async (): Promise<UserCaller | null> => {
  const session = await getServerSession(authOptions);
  return activeAdmin(appContext(), session?.user as PanelSessionClaims | undefined);
});

/** The administrator behind this request, for every page and server action of the panel; to the sign-in page otherwise. */
export async function signedInAdmin(): Promise<UserCaller> {
  return (await sessionAdmin()) ?? redirect("/admin/login");
}
