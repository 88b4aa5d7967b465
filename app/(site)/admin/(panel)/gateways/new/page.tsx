import Link from "next/link";
import { GatewayForm } from "@/components/admin/gateway-form";
import { NotAllowed } from "@/components/admin/not-allowed";
import { signedInAdmin } from "@/lib/admin/signed-in-admin";
import { appContext } from "@/lib/context";
import { loadGatewayForm } from "@/lib/gateways/load-gateway-form";
import { createGatewayAction } from "../actions";

/** A new gateway setting. */
export default async function NewGatewayPage() {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="gateway settings" />;
  const { currencies } = await loadGatewayForm({ ctx: appContext(), input: {} });
  return (
    <main className="max-w-3xl">
      <p className="text-sm">
        <Link href="/admin/gateways" className="text-blue-800 underline">
          Gateway settings
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold">New gateway setting</h1>
      <GatewayForm action={createGatewayAction} gateway={null} codeFixed={false} currencies={currencies} />
    </main>
  );
}
