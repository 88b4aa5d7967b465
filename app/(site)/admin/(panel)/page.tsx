import { signedInAdmin } from "@/lib/admin/signed-in-admin";

/** The dashboard (the panel's first screen). */
export default async function AdminHome() {
  const admin = await signedInAdmin();
  return (
    <main>
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <p className="mt-4">Signed in as {admin.username}.</p>
    </main>
  );
}
