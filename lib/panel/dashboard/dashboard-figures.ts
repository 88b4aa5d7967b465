import { dashboardData, type DashboardGroup } from "@/db/queries/dashboard";
import type { TransactionState } from "@/db/types";
import type { Caller } from "@/lib/access/auth/permissions";
import { visibleGatewayCodes } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { TRANSACTION_STATES } from "@/lib/checkout/lifecycle/states";
import { PAYABLE, SUCCEEDED, UNSUCCESSFUL } from "@/lib/checkout/lifecycle/verbs";
import { openCircuits } from "@/lib/gateways/gateway-circuits";
import { sandboxWarning } from "@/lib/gateways/sandbox-warning";
import { formatUnits } from "@/lib/core/money/decimal";
import { lastLocalDays, nextDay, startOfLocalDay } from "@/lib/core/time/zoned-days";

/** Still open: the customer may pay yet (the payable states, in the states' order). Not counted in the success rate. */
export const OPEN = TRANSACTION_STATES.filter((state) => PAYABLE.includes(state));

/** `moved` comes from numeric(18, 6) columns: always six places. */
const SCALE = 6;

interface Totals {
  succeeded: number;
  finished: number;
}

const rate = ({ succeeded, finished }: Totals) => ({
  succeeded,
  finished,
  percent: finished === 0 ? null : ((succeeded / finished) * 100).toFixed(1),
});

/**
 * The dashboard's figures for transactions created today and in the last 7 days (today and the 6 days before, in
 * the panel's time zone, ADMIN_TIME_ZONE, unless `timeZone` is given): money moved per currency, success rate, counts by state and per day, and failing webhook deliveries.
 * A user who is not a superuser sees only transactions whose every gateway (pg_codes) is one of theirs. Every user
 * sees the warning about enabled sandbox gateways on a public (https) APP_URL (`appUrl`, env.APP_URL unless given),
 * and the gateways of theirs this process skips for now, their circuit open (docs/gateways/failover.md).
 */
export async function dashboardFigures({ ctx, input }: { ctx: Ctx; input: { caller: Caller; now?: Date; appUrl?: string; timeZone?: string } }) {
  const timeZone = input.timeZone ?? env.ADMIN_TIME_ZONE;
  const days = lastLocalDays(input.now ?? new Date(), 7, timeZone);
  const dayStarts = [...days, nextDay(days.at(-1)!)].map((day) => startOfLocalDay(day, timeZone));
  const gatewayCodes = visibleGatewayCodes(input.caller);
  const data = await dashboardData(ctx.db, { dayStarts, gatewayCodes });

  const today = days.at(-1)!;
  const volumes = new Map<string, { decimals: number; today: bigint; week: bigint }>();
  const states = new Map<TransactionState, number>();
  const perDay = new Map(days.map((day) => [day, { day, succeeded: 0, unsuccessful: 0, open: 0 }]));
  const weekTotals: Totals = { succeeded: 0, finished: 0 };
  const todayTotals: Totals = { succeeded: 0, finished: 0 };

  for (const g of data.groups) {
    const outcome = SUCCEEDED.includes(g.state) ? "succeeded" : UNSUCCESSFUL.includes(g.state) ? "unsuccessful" : "open";
    states.set(g.state, (states.get(g.state) ?? 0) + g.count);
    const day = days[g.day_index - 1]!;
    perDay.get(day)![outcome] += g.count;
    for (const totals of day === today ? [weekTotals, todayTotals] : [weekTotals]) {
      if (outcome !== "open") totals.finished += g.count;
      if (outcome === "succeeded") totals.succeeded += g.count;
    }
    if (outcome === "succeeded") addVolume(volumes, g, day === today);
  }

  return {
    timeZone,
    todayStart: dayStarts.at(-2)!,
    weekStart: dayStarts[0]!,
    volumes: [...volumes].sort(([a], [b]) => a.localeCompare(b)).map(([currency, v]) => ({
      currency,
      decimals: v.decimals,
      today: formatUnits(v.today / 10n ** BigInt(SCALE - v.decimals), v.decimals),
      week: formatUnits(v.week / 10n ** BigInt(SCALE - v.decimals), v.decimals),
    })),
    successRate: { today: rate(todayTotals), week: rate(weekTotals) },
    states: [...SUCCEEDED, ...UNSUCCESSFUL, ...OPEN].map((state) => ({ state, count: states.get(state) ?? 0 })),
    days: [...perDay.values()],
    failingDeliveries: { retrying: data.deliveries_retrying, failed: data.deliveries_failed },
    sandboxWarning: sandboxWarning(input.appUrl ?? env.APP_URL, data.sandbox_gateways),
    openCircuits: openCircuits().filter((c) => gatewayCodes === null || gatewayCodes.includes(c.code)),
  };
}

function addVolume(volumes: Map<string, { decimals: number; today: bigint; week: bigint }>, g: DashboardGroup, isToday: boolean) {
  const units = BigInt(g.moved.replace(".", ""));
  const v = volumes.get(g.currency_code) ?? { decimals: g.decimals, today: 0n, week: 0n };
  v.week += units;
  if (isToday) v.today += units;
  volumes.set(g.currency_code, v);
}
