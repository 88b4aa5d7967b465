import Link from "next/link";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { NotAllowed } from "@/components/admin/not-allowed";
import { When } from "@/components/admin/when";
import { signedInAdmin } from "@/lib/admin/signed-in-admin";
import { listAdminUsers } from "@/lib/admin-users/list-admin-users";
import { listGatewayChoices } from "@/lib/admin-users/list-gateway-choices";
import { appContext } from "@/lib/context";
import { createUserAction } from "./actions";

const cell = "py-2 pr-4 align-top";

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
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className={cell}>Username</th>
            <th scope="col" className={cell}>Role</th>
            <th scope="col" className={cell}>Gateways</th>
            <th scope="col" className={cell}>Actions</th>
            <th scope="col" className={cell}>State</th>
            <th scope="col" className={cell}>Last sign-in</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-b border-slate-200">
              <th scope="row" className={`${cell} font-medium`}>
                <Link href={`/admin/users/${user.id}`} className="text-blue-800 underline hover:text-blue-900">
                  {user.username}
                </Link>
              </th>
              <td className={cell}>{user.is_superuser ? "Superuser" : "Limited"}</td>
              <td className={cell}>{user.is_superuser ? "All" : user.gateway_codes.join(", ") || "None"}</td>
              <td className={cell}>{user.is_superuser ? "All" : user.permissions.join(", ") || "None (view only)"}</td>
              <td className={cell}>{user.is_active ? "Active" : "Disabled"}</td>
              <td className={cell}>
                <When at={user.last_login_at} otherwise="Never" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="mt-8 text-lg font-semibold">Add a user</h2>
      <CreateUserForm action={createUserAction} gateways={gateways} />
    </main>
  );
}
