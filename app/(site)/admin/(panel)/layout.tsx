import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { panelSections } from "@/lib/panel/admin/panel-sections";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";

export const dynamic = "force-dynamic";

/** Every screen of the panel: the signed-in user (read from the database), the sections they may open. */
export default async function PanelLayout({ children }: { children: ReactNode }) {
  const admin = await signedInAdmin();
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-2 sm:px-6">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="font-semibold">Checkout admin</p>
            <div className="flex items-center gap-3 text-sm">
              <span>
                {admin.username}
                {admin.isSuperuser ? " (superuser)" : ""}
              </span>
              <SignOutButton />
            </div>
          </div>
          <div className="mt-2">
            <AdminNav links={panelSections(admin)} />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">{children}</div>
    </div>
  );
}
