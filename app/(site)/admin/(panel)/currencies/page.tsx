import { CurrencyForm } from "@/components/admin/currency-form";
import { CurrencyToggle } from "@/components/admin/currency-toggle";
import { NotAllowed } from "@/components/admin/not-allowed";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { listCurrencies } from "@/lib/config/currencies/list-currencies";
import { saveCurrencyAction, toggleCurrencyAction } from "./actions";

/** The currencies list (with the gateways that accept each) and the form that adds one or changes its decimals. */
export default async function CurrenciesPage() {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="currencies" />;
  const currencies = await listCurrencies({ ctx: appContext() });
  return (
    <main className="max-w-4xl">
      <h1 className="text-2xl font-semibold">Currencies</h1>
      <p className="mt-2 text-sm text-slate-700">
        A currency cannot be disabled while an enabled gateway setting takes it.
      </p>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2">Code</th>
            <th scope="col" className="py-2">Decimal places</th>
            <th scope="col" className="py-2">Gateways</th>
            <th scope="col" className="py-2">Status</th>
            <th scope="col" className="py-2">Action</th>
          </tr>
        </thead>
        <tbody>
          {currencies.map((c) => (
            <tr key={c.code} className="border-b border-slate-200 align-top">
              <td className="py-2 font-mono">{c.code}</td>
              <td className="py-2">{c.decimals}</td>
              <td className="py-2">{c.gateways?.length ? c.gateways.join(", ") : "none"}</td>
              <td className="py-2">{c.enabled ? "Enabled" : <span className="font-semibold text-red-800">Disabled</span>}</td>
              <td className="py-2">
                <CurrencyToggle action={toggleCurrencyAction} code={c.code} enabled={c.enabled} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="mt-8 text-lg font-semibold">Add a currency or change its decimal places</h2>
      <CurrencyForm action={saveCurrencyAction} />
    </main>
  );
}
