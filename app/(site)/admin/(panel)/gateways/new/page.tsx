import { GatewayForm } from "@/components/admin/gateway-form";
import { NotAllowed } from "@/components/admin/not-allowed";
import { PageTitle } from "@/components/admin/page-title";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { loadGatewayForm } from "@/lib/config/gateway-settings/load-gateway-form";
import { createGatewayAction } from "../actions";

/** A new gateway setting. */
export default async function NewGatewayPage() {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="gateway settings" />;
  const { currencies } = await loadGatewayForm({ ctx: appContext(), input: {} });
  return (
    <main className="max-w-3xl">
      <PageTitle back={{ href: "/admin/gateways", label: "Gateway settings" }}>New gateway setting</PageTitle>
      <GatewayForm action={createGatewayAction} gateway={null} codeFixed={false} currencies={currencies} />
    </main>
  );
}
