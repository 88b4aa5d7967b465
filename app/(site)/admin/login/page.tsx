import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { LoginForm } from "@/components/admin/login-form";
import { authOptions } from "@/lib/auth/next-auth-options";

export const dynamic = "force-dynamic";

export default async function LoginPage() {
  if (await getServerSession(authOptions)) redirect("/admin");
  return (
    <main className="mx-auto mt-16 max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-xl font-semibold">Sign in to the admin panel</h1>
      <LoginForm />
    </main>
  );
}
