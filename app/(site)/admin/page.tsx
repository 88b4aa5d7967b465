import Link from "next/link";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { authOptions } from "@/lib/auth/next-auth-options";

export const dynamic = "force-dynamic";

export default async function AdminHome() {
  const session = await getServerSession(authOptions);
  if (!session?.user) redirect("/admin/login");
  return (
    <main className="mx-auto max-w-3xl p-8">
      <header className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">Admin panel</h1>
        <SignOutButton />
      </header>
      <p className="mt-4">
        Signed in as <strong>{session.user.name}</strong>.
      </p>
      <nav aria-label="Admin sections" className="mt-6">
        <ul className="list-disc ps-6">
          <li>
            <Link href="/admin/currencies" className="text-blue-800 underline">
              Currencies
            </Link>
          </li>
        </ul>
      </nav>
      <p className="mt-4 text-slate-600">
        Gateways, users, API keys and defaults are managed with <code>npm run admin</code> for now.
      </p>
    </main>
  );
}
