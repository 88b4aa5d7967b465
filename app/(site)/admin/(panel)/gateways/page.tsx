import Link from "next/link";
import { GatewayEnabledToggle } from "@/components/admin/gateway-enabled-toggle";
import { NotAllowed } from "@/components/admin/not-allowed";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { listGatewaySettings } from "@/lib/config/gateway-settings/list-gateway-settings";
import { setGatewayEnabledAction } from "./actions";
import { link, primaryButton, td } from "@/components/admin/panel-styles";
import { PanelTable } from "@/components/admin/panel-table";

const fees = (fixed: string, percent: string) => (fixed === "0" && percent === "0" ? "none" : [fixed !== "0" ? fixed : "", percent !== "0" ? `${percent} %` : ""].filter(Boolean).join(" + "));

/** The gateway settings, each with a link to its form and its enable / disable button. */
export default async function GatewaysPage({ searchParams }: { searchParams: Promise<{ saved?: string }> }) {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="gateway settings" />;
  const gateways = await listGatewaySettings({ ctx: appContext() });
  const { saved } = await searchParams;
  // Only a code that exists is echoed: the address cannot make the page say anything else.
  const savedCode = gateways.find((g) => g.code === saved)?.code;
  return (
    <main>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Gateway settings</h1>
        <Link
          href="/admin/gateways/new"
          className={primaryButton}
        >
          New gateway setting
        </Link>
      </div>
      <p role="status" className="mt-2 text-sm text-green-800">
        {savedCode ? `Gateway setting ${savedCode} saved.` : ""}
      </p>
      {gateways.length === 0 ? (
        <p className="mt-4">No gateway settings yet: merchants need one to take payments.</p>
      ) : (
        <div className="overflow-x-auto">
          <PanelTable caption="Gateway settings" columns={["Icon", "Code", "Name", "Gateway", "Mode", "Currencies", "Operation", "Fees", "Status"]}>
            {gateways.map((g) => (
              <tr key={g.code}>
                <td className={td}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- icons are uploaded files or arbitrary URLs */}
                  <img src={g.shownIcon} alt="" width={32} height={32} className="size-8 object-contain" />
                </td>
                <th scope="row" className={`${td} font-mono font-normal`}>
                  <Link href={`/admin/gateways/${encodeURIComponent(g.code)}`} className={link}>
                    {g.code}
                  </Link>
                </th>
                <td className={td}>{g.name}</td>
                <td className={td}>{g.pg}</td>
                <td className={td}>{g.mode === "sandbox" ? "Sandbox" : "Production"}</td>
                <td className={td}>{g.currencies.join(", ")}</td>
                <td className={td}>{g.operation === "purchase" ? "Purchase" : "Authorize"}</td>
                <td className={td}>{fees(g.feeFixed, g.feePercent)}</td>
                <td className={td}>
                  <div className="flex flex-wrap items-start gap-2">
                    <span className={g.enabled ? "pt-1 text-green-800" : "pt-1 text-slate-600"}>{g.enabled ? "Enabled" : "Disabled"}</span>
                    <GatewayEnabledToggle key={String(g.enabled)} code={g.code} enabled={g.enabled} action={setGatewayEnabledAction} />
                  </div>
                </td>
              </tr>
            ))}
          </PanelTable>
        </div>
      )}
    </main>
  );
}
