import Link from "next/link";
import { DashboardChart } from "@/components/admin/dashboard-chart";
import { SandboxWarning } from "@/components/admin/sandbox-warning";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { dashboardFigures, OPEN } from "@/lib/panel/dashboard/dashboard-figures";
import { formatMoney } from "@/lib/checkout/i18n/format-money";
import { formatPanelTime, zoneLabel } from "@/lib/panel/admin/format-panel-time";
import { SUCCEEDED, UNSUCCESSFUL } from "@/lib/checkout/lifecycle/verbs";
import { CIRCUIT_RULES } from "@/lib/gateways/circuit-breaker";

/** A day as the panel writes dates (`2026-11-26`), with its weekday for the chart (`Thu 2026-11-26`). */
const weekday = (day: string) => `${new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", timeZone: "UTC" })} ${day}`;

function Rate({ label, rate }: { label: string; rate: { succeeded: number; finished: number; percent: string | null } }) {
  return (
    <div className="rounded border border-slate-300 bg-white p-4">
      <h3 className="text-sm font-medium text-slate-700">{label}</h3>
      <p className="mt-1 text-2xl font-semibold">{rate.percent === null ? "–" : `${rate.percent}%`}</p>
      <p className="text-sm text-slate-700">
        {rate.succeeded} succeeded of {rate.finished} finished
      </p>
    </div>
  );
}

/**
 * The dashboard: a warning first when sandbox gateways are enabled on a public APP_URL; money moved, success rate,
 * transactions by state and per day, the gateways skipped now (circuit open), failing webhook deliveries.
 */
export default async function Dashboard() {
  const admin = await signedInAdmin();
  const f = await dashboardFigures({ ctx: appContext(), input: { caller: admin } });
  const failing = f.failingDeliveries.retrying + f.failingDeliveries.failed;
  return (
    <main className="space-y-8">
      <SandboxWarning message={f.sandboxWarning} />
      <div>
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="mt-2 text-sm text-slate-700">
          Transactions created today (since {formatPanelTime(f.todayStart, f.timeZone)}) and this week (the last 7 days,
          since {formatPanelTime(f.weekStart, f.timeZone)}).
          {admin.isSuperuser
            ? null
            : ` Only transactions of your gateways (${admin.gatewayCodes.join(", ") || "none"}) are counted.`}
        </p>
      </div>

      <section aria-labelledby="volume-heading">
        <h2 id="volume-heading" className="text-lg font-semibold">
          Volume
        </h2>
        <p className="text-sm text-slate-700">
          Paid amounts (fees included) of successful payments; an authorization later voided moved nothing. Refunds are
          not subtracted.
        </p>
        {f.volumes.length === 0 ? (
          <p className="mt-2">No successful payments this week.</p>
        ) : (
          <table className="mt-2 w-full max-w-xl text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2">Currency</th>
                <th scope="col" className="py-2 text-right">Today</th>
                <th scope="col" className="py-2 text-right">This week</th>
              </tr>
            </thead>
            <tbody>
              {f.volumes.map((v) => (
                <tr key={v.currency} className="border-b border-slate-200">
                  <th scope="row" className="py-2 font-mono font-normal">{v.currency}</th>
                  <td className="py-2 text-right tabular-nums">{formatMoney(v.today, v.currency, v.decimals, "en")}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(v.week, v.currency, v.decimals, "en")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="rate-heading">
        <h2 id="rate-heading" className="text-lg font-semibold">
          Success rate
        </h2>
        <p className="text-sm text-slate-700">
          Succeeded ({SUCCEEDED.join(", ")}) out of finished transactions (those plus {UNSUCCESSFUL.join(", ")}).
          Transactions still open ({OPEN.join(", ")}) are not counted.
        </p>
        <div className="mt-2 grid max-w-xl gap-4 sm:grid-cols-2">
          <Rate label="Today" rate={f.successRate.today} />
          <Rate label="This week" rate={f.successRate.week} />
        </div>
      </section>

      <section aria-labelledby="states-heading">
        <h2 id="states-heading" className="text-lg font-semibold">
          Transactions by state, this week
        </h2>
        <DashboardChart
          caption="Transactions by state, this week"
          rowHeader="State"
          rows={f.states.map((s) => ({ label: s.state, count: s.count }))}
          series={[{ key: "count", label: "Transactions", color: "#1d4ed8" }]}
        />
      </section>

      <section aria-labelledby="days-heading">
        <h2 id="days-heading" className="text-lg font-semibold">
          Transactions per day
        </h2>
        <DashboardChart
          caption="Transactions per day, by outcome"
          rowHeader={`Day (${zoneLabel(f.todayStart, f.timeZone)})`}
          rows={f.days.map((d) => ({ label: weekday(d.day), succeeded: d.succeeded, unsuccessful: d.unsuccessful, open: d.open }))}
          series={[
            { key: "succeeded", label: "Succeeded", color: "#15803d" },
            { key: "unsuccessful", label: "Unsuccessful", color: "#b91c1c" },
            { key: "open", label: "Open", color: "#94a3b8" },
          ]}
        />
      </section>

      <section aria-labelledby="circuits-heading">
        <h2 id="circuits-heading" className="text-lg font-semibold">
          Gateways skipped now
        </h2>
        <p className="text-sm text-slate-700">
          A gateway that failed to start payments {CIRCUIT_RULES.failures} times in a row within{" "}
          {CIRCUIT_RULES.windowMs / 1000} seconds is skipped by this server process for {CIRCUIT_RULES.coolDownMs / 1000}{" "}
          seconds; payments start on the transaction&apos;s next gateway meanwhile. Then one payment tries it again.
        </p>
        {f.openCircuits.length === 0 ? (
          <p className="mt-2">None: every gateway is being asked.</p>
        ) : (
          <table className="mt-2 w-full max-w-xl text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2">Gateway</th>
                <th scope="col" className="py-2">Skipped since</th>
                <th scope="col" className="py-2 text-right">Failures in a row</th>
              </tr>
            </thead>
            <tbody>
              {f.openCircuits.map((c) => (
                <tr key={c.code} className="border-b border-slate-200">
                  <th scope="row" className="py-2 font-mono font-normal">{c.code}</th>
                  <td className="py-2">{formatPanelTime(c.since, f.timeZone)}{c.trial ? " (being tried again)" : ""}</td>
                  <td className="py-2 text-right tabular-nums">{c.failures}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading" className="text-lg font-semibold">
          Failing webhook deliveries, this week
        </h2>
        <p className="mt-1 text-2xl font-semibold">{failing}</p>
        <p className="text-sm text-slate-700">
          {f.failingDeliveries.retrying} still being retried, {f.failingDeliveries.failed} given up.{" "}
          <Link href="/admin/deliveries" className="font-medium text-blue-800 underline">
            See the failing deliveries
          </Link>
        </p>
      </section>
    </main>
  );
}
