import { notFound } from "next/navigation";
import { GatewayForm } from "@/components/admin/gateway-form";
import { NotAllowed } from "@/components/admin/not-allowed";
import { PageTitle } from "@/components/admin/page-title";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { loadGatewayForm } from "@/lib/config/gateway-settings/load-gateway-form";
import { updateGatewayAction } from "../actions";

/** One gateway setting's form. */
export default async function EditGatewayPage({ params }: { params: Promise<{ code: string }> }) {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="gateway settings" />;
  const { code } = await params;
  const form = await loadGatewayForm({ ctx: appContext(), input: { code } }).catch((error: unknown) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  return (
    <main className="max-w-3xl">
      <PageTitle back={{ href: "/admin/gateways", label: "Gateway settings" }}>
        Gateway setting <span className="font-mono">{form.gateway!.code}</span>
      </PageTitle>
      <GatewayForm action={updateGatewayAction.bind(null, code)} gateway={form.gateway} codeFixed={form.codeFixed} currencies={form.currencies} />
    </main>
  );
}
