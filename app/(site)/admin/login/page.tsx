import { redirect } from "next/navigation";
import { LoginForm } from "@/components/admin/login-form";
import { sessionAdmin } from "@/lib/panel/admin/signed-in-admin";

export const dynamic = "force-dynamic";

export default async function LoginPage() {
  // Only an active user goes on to the panel: a disabled one's cookie would send them back here, in a loop.
  if (await sessionAdmin()) redirect("/admin");
  return (
    <main className="mx-auto mt-16 max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-xl font-semibold">Sign in to the admin panel</h1>
      <LoginForm />
    </main>
  );
}
