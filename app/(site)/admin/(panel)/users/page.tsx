import Link from "next/link";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { NotAllowed } from "@/components/admin/not-allowed";
import { link, td } from "@/components/admin/panel-styles";
import { PanelTable } from "@/components/admin/panel-table";
import { DateTime } from "@/components/panel/date-time";
import { StateBadge } from "@/components/panel/state-badge";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { listAdminUsers } from "@/lib/access/admin-users/list-admin-users";
import { listGatewayChoices } from "@/lib/access/admin-users/list-gateway-choices";
import { appContext } from "@/lib/core/context";
import { createUserAction } from "./actions";

/** The panel's users: who they are, what they may do, whether they may sign in; and the form that adds one. */
export default async function UsersPage() {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="users" />;
  const ctx = appContext();
  const [users, gateways] = await Promise.all([listAdminUsers({ ctx }), listGatewayChoices({ ctx })]);
  return (
    <main>
      <h1 className="text-2xl font-semibold">Users</h1>
      <p className="mt-2 text-sm text-slate-700">Open a user to change what they may do, disable them or set a new password.</p>
      <PanelTable caption="Users" columns={["Username", "Role", "Gateways", "Actions", "State", "Last sign-in"]}>
        {users.map((user) => (
          <tr key={user.id}>
            <th scope="row" className={`${td} font-medium`}>
              <Link href={`/admin/users/${user.id}`} className={link}>
                {user.username}
              </Link>
            </th>
            <td className={td}>{user.is_superuser ? "Superuser" : "Limited"}</td>
            <td className={td}>{user.is_superuser ? "All" : user.gateway_codes.join(", ") || "None"}</td>
            <td className={td}>{user.is_superuser ? "All" : user.permissions.join(", ") || "None (view only)"}</td>
            <td className={td}>
              <StateBadge kind="user" state={user.is_active ? "active" : "disabled"} />
            </td>
            <td className={td}>
              <DateTime value={user.last_login_at} otherwise="Never" />
            </td>
          </tr>
        ))}
      </PanelTable>
      <h2 className="mt-8 text-lg font-semibold">Add a user</h2>
      <CreateUserForm action={createUserAction} gateways={gateways} />
    </main>
  );
}
