import { notFound } from "next/navigation";
import { ActionButton } from "@/components/admin/action-button";
import { NotAllowed } from "@/components/admin/not-allowed";
import { PageTitle } from "@/components/admin/page-title";
import { ResetPasswordForm } from "@/components/admin/reset-password-form";
import { UserAccessForm } from "@/components/admin/user-access-form";
import { DateTime } from "@/components/panel/date-time";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { getAdminUser } from "@/lib/access/admin-users/get-admin-user";
import { listGatewayChoices } from "@/lib/access/admin-users/list-gateway-choices";
import { appContext } from "@/lib/core/context";
import { resetPasswordAction, setUserActiveAction, updateUserAccessAction } from "../actions";

/** One user: what they may do, whether they may sign in, and a new password. */
export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="users" />;
  const ctx = appContext();
  const { id } = await params;
  const [user, gateways] = await Promise.all([getAdminUser({ ctx, input: { id } }), listGatewayChoices({ ctx })]);
  if (!user) notFound();
  const access = { isSuperuser: user.is_superuser, gatewayCodes: user.gateway_codes, permissions: user.permissions };
  return (
    <main className="max-w-4xl">
      <PageTitle back={{ href: "/admin/users", label: "All users" }}>User {user.username}</PageTitle>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-medium">State</dt>
        <dd>{user.is_active ? "Active" : "Disabled"}</dd>
        <dt className="font-medium">Last sign-in</dt>
        <dd>
          <DateTime value={user.last_login_at} otherwise="Never" />
        </dd>
        <dt className="font-medium">Added</dt>
        <dd>
          <DateTime value={user.created_at} otherwise="" />
        </dd>
      </dl>

      <h2 className="mt-8 text-lg font-semibold">Access</h2>
      <UserAccessForm action={updateUserAccessAction} userId={user.id} access={access} gateways={gateways} />

      <h2 className="mt-8 text-lg font-semibold">Signing in</h2>
      <div className="mt-2">
        {user.id === admin.id ? (
          <p className="text-sm">This is you: another superuser may disable your account.</p>
        ) : user.is_active ? (
          <ActionButton
            action={setUserActiveAction}
            fields={{ id: user.id, active: "false" }}
            label="Disable user"
            confirm={{
              title: `Disable ${user.username}?`,
              description: "They are signed out of the panel at once and their Basic-auth API calls are refused, until a superuser enables them again.",
            }}
          />
        ) : (
          <ActionButton action={setUserActiveAction} fields={{ id: user.id, active: "true" }} label="Enable user" />
        )}
      </div>

      <h2 className="mt-8 text-lg font-semibold">Password</h2>
      <ResetPasswordForm action={resetPasswordAction} userId={user.id} />
    </main>
  );
}
