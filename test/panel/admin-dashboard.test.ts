import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxWarning } from "@/components/admin/sandbox-warning";
import type { TransactionState } from "@/db/types";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Caller } from "@/lib/access/auth/permissions";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import { dashboardFigures } from "@/lib/panel/dashboard/dashboard-figures";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { createUser } from "../support/factories";
import { addEvent } from "../support/notification-flow";
import { newTransaction, setUpPayments } from "../support/payment-flow";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

// The dashboard's figures on a known set of transactions around a fixed "now" (Friday 2030-03-15 10:00 UTC):
// today is from 00:00 UTC, the week is today and the 6 days before; money moved per currency, the success rate,
// counts by state and per day, failing deliveries; a limited user's figures cover their gateways only. And the
// loud warning when sandbox gateways are enabled on a public (https) APP_URL.

const ctx = testContext();
const recording = recordingDb();
const NOW = new Date("2030-03-15T10:00:00Z");
const at = (iso: string) => new Date(iso);
let superuser: UserCaller;
let usdClerk: UserCaller;
let nobody: UserCaller;

/** A transaction as it stands after its life so far: state, money and creation time set directly. */
async function txn(
  caller: Caller,
  t: { created: string; state: TransactionState; currency?: string; pg?: string[]; paid?: string; voided?: string; amount?: string },
) {
  const sessionId = await newTransaction(ctx, caller, {
    amount: t.amount ?? t.paid ?? "1",
    currency_code: t.currency ?? "KWD",
    pg_codes: t.pg ?? ["card"],
  });
  await ctx.db
    .updateTable("transactions")
    .set({ state: t.state, paid_amount: t.paid ?? "0", voided_amount: t.voided ?? "0", created_at: at(t.created) })
    .where("session_id", "=", sessionId)
    .execute();
  return sessionId;
}

async function delivery(sessionId: string, d: { state: "pending" | "delivered" | "failed"; attempts: number; created: string }) {
  const event = await addEvent(ctx, sessionId, { kind: "state_changed", to: "paid" });
  await ctx.db
    .insertInto("webhook_deliveries")
    .values({
      event_id: event.event_id,
      session_id: sessionId,
      url: "https://merchant.example/hook",
      payload: "{}",
      state: d.state,
      attempt_count: d.attempts,
      created_at: at(d.created),
    })
    .execute();
}

beforeAll(async () => {
  const payer = await setUpPayments(ctx);
  await addCurrency({ ctx, input: { code: "USD", decimals: 2 } });
  await createGatewaySetting({ ctx, input: { code: "usd-card", pg: "sandbox", currencies: ["USD"] } });
  superuser = adminCaller(await createUser(ctx, { isSuperuser: true }));
  usdClerk = adminCaller(await createUser(ctx, { gatewayCodes: ["usd-card", "card-auth"] }));
  nobody = adminCaller(await createUser(ctx, { gatewayCodes: [] }));

  const paidToday = await txn(payer, { created: "2030-03-15T09:00:00Z", state: "paid", paid: "10" });
  const paidEarlier = await txn(payer, { created: "2030-03-15T00:00:00Z", state: "paid", paid: "5.25" });
  await txn(payer, { created: "2030-03-15T01:00:00Z", state: "failed" });
  await txn(payer, { created: "2030-03-15T02:00:00Z", state: "created" });
  const refunded = await txn(payer, { created: "2030-03-13T12:00:00Z", state: "refunded", paid: "20" });
  await txn(payer, { created: "2030-03-12T12:00:00Z", state: "voided", paid: "7", voided: "7" });
  await txn(payer, { created: "2030-03-12T13:00:00Z", state: "expired" });
  await txn(payer, { created: "2030-03-11T13:00:00Z", state: "canceled" });
  const lastWeek = await txn(payer, { created: "2030-03-08T23:59:59Z", state: "paid", paid: "100" });
  const usdToday = await txn(payer, { created: "2030-03-15T08:00:00Z", state: "captured", currency: "USD", pg: ["usd-card"], paid: "3.5" });
  await txn(payer, { created: "2030-03-09T00:00:00Z", state: "authorized", currency: "USD", pg: ["usd-card"], paid: "1.25" });
  // Not the clerk's: card-auth is theirs, card is not (a transaction is a user's only when all its gateways are).
  await txn(payer, { created: "2030-03-14T08:00:00Z", state: "created", pg: ["card", "card-auth"], amount: "2" });

  await delivery(paidToday, { state: "failed", attempts: 8, created: "2030-03-15T09:01:00Z" });
  await delivery(usdToday, { state: "pending", attempts: 2, created: "2030-03-15T08:01:00Z" });
  await delivery(paidEarlier, { state: "pending", attempts: 0, created: "2030-03-15T00:01:00Z" });
  await delivery(refunded, { state: "delivered", attempts: 1, created: "2030-03-13T12:01:00Z" });
  await delivery(lastWeek, { state: "failed", attempts: 8, created: "2030-03-08T23:59:59Z" });
});

const figures = (caller: Caller) => dashboardFigures({ ctx, input: { caller, now: NOW } });
const countsOf = (states: { state: string; count: number }[]) => Object.fromEntries(states.filter((s) => s.count > 0).map((s) => [s.state, s.count]));

describe("the dashboard", () => {
  it("counts days in the panel's time zone: a transaction made late in the evening UTC falls on Kuwait's next day", async () => {
    const f = await dashboardFigures({ ctx, input: { caller: superuser, now: NOW, timeZone: "Asia/Kuwait" } });
    expect(f.todayStart).toEqual(at("2030-03-14T21:00:00Z"));
    expect(f.weekStart).toEqual(at("2030-03-08T21:00:00Z"));
    // 2030-03-08T23:59:59Z is 02:59 on the 9th in Kuwait: inside the week, with its 100.000 KWD.
    expect(f.days[0]).toEqual({ day: "2030-03-09", succeeded: 2, unsuccessful: 0, open: 0 });
    expect(f.volumes[0]).toEqual({ currency: "KWD", decimals: 3, today: "15.250", week: "135.250" });
  });

  it("sums a superuser's figures over every transaction of today and of the week", async () => {
    const f = await figures(superuser);
    expect(f.todayStart).toEqual(at("2030-03-15T00:00:00Z"));
    expect(f.weekStart).toEqual(at("2030-03-09T00:00:00Z"));
    expect(f.volumes).toEqual([
      { currency: "KWD", decimals: 3, today: "15.250", week: "35.250" },
      { currency: "USD", decimals: 2, today: "3.50", week: "4.75" },
    ]);
    expect(f.successRate).toEqual({
      today: { succeeded: 3, finished: 4, percent: "75.0" },
      week: { succeeded: 6, finished: 9, percent: "66.7" },
    });
    expect(countsOf(f.states)).toEqual({ paid: 2, authorized: 1, captured: 1, refunded: 1, voided: 1, failed: 1, canceled: 1, expired: 1, created: 2 });
    expect(f.states).toHaveLength(12);
    expect(f.days).toEqual([
      { day: "2030-03-09", succeeded: 1, unsuccessful: 0, open: 0 },
      { day: "2030-03-10", succeeded: 0, unsuccessful: 0, open: 0 },
      { day: "2030-03-11", succeeded: 0, unsuccessful: 1, open: 0 },
      { day: "2030-03-12", succeeded: 1, unsuccessful: 1, open: 0 },
      { day: "2030-03-13", succeeded: 1, unsuccessful: 0, open: 0 },
      { day: "2030-03-14", succeeded: 0, unsuccessful: 0, open: 1 },
      { day: "2030-03-15", succeeded: 3, unsuccessful: 1, open: 1 },
    ]);
    expect(f.failingDeliveries).toEqual({ retrying: 1, failed: 1 });
  });

  it("shows a limited user only the transactions whose every gateway is theirs, and their deliveries", async () => {
    const f = await figures(usdClerk);
    expect(f.volumes).toEqual([{ currency: "USD", decimals: 2, today: "3.50", week: "4.75" }]);
    expect(f.successRate.week).toEqual({ succeeded: 2, finished: 2, percent: "100.0" });
    // Not the open one on card and card-auth: card is not theirs.
    expect(countsOf(f.states)).toEqual({ captured: 1, authorized: 1 });
    expect(f.failingDeliveries).toEqual({ retrying: 1, failed: 0 });
  });

  it("shows a user without gateways nothing, and no rate without finished transactions", async () => {
    const f = await figures(nobody);
    expect(f.volumes).toEqual([]);
    expect(f.successRate.week).toEqual({ succeeded: 0, finished: 0, percent: null });
    expect(countsOf(f.states)).toEqual({});
    expect(f.failingDeliveries).toEqual({ retrying: 0, failed: 0 });
  });

  it("reads everything in one round trip", async () => {
    recording.executed.length = 0;
    await dashboardFigures({ ctx: { db: recording.db }, input: { caller: usdClerk, now: NOW } });
    expect(recording.executed).toHaveLength(1);
  });
});

describe("the sandbox warning", () => {
  const warning = (caller: Caller, appUrl: string) => dashboardFigures({ ctx, input: { caller, now: NOW, appUrl } }).then((f) => f.sandboxWarning);
  const setGateways = (set: { enabled?: boolean; is_sandbox?: boolean }, codes: string[]) =>
    ctx.db.updateTable("gateway_settings").set(set).where("code", "in", codes).execute();

  it("names the enabled sandbox gateways on an https APP_URL, to every user", async () => {
    for (const caller of [superuser, usdClerk, nobody]) {
      expect(await warning(caller, "https://pay.example.com")).toBe(
        "3 sandbox gateway settings are enabled: card, card-auth, usd-card, on the public address https://pay.example.com. " +
          "A payment with a test card on them is reported as paid (webhook included) though no money moves. " +
          "Disable them (Admin panel, Gateways) unless this installation is for testing.",
      );
    }
  });

  it("says nothing on a local http APP_URL (a trial), this test run's included", async () => {
    for (const appUrl of ["http://localhost:3000", "http://127.0.0.1:3230"]) expect(await warning(superuser, appUrl)).toBeNull();
    expect((await figures(superuser)).sandboxWarning).toBeNull();
  });

  it("leaves out disabled gateways and production ones, and says nothing once none is left", async () => {
    try {
      await setGateways({ enabled: false }, ["card-auth"]);
      await setGateways({ is_sandbox: false }, ["usd-card"]);
      expect(await warning(superuser, "https://pay.example.com")).toMatch(/^1 sandbox gateway setting is enabled: card, on the public address/);
      await setGateways({ enabled: false }, ["card"]);
      expect(await warning(superuser, "https://pay.example.com")).toBeNull();
    } finally {
      await setGateways({ enabled: true }, ["card", "card-auth"]);
      await setGateways({ is_sandbox: true }, ["usd-card"]);
    }
  });

  it("still reads everything in one round trip", async () => {
    recording.executed.length = 0;
    await dashboardFigures({ ctx: { db: recording.db }, input: { caller: superuser, now: NOW, appUrl: "https://pay.example.com" } });
    expect(recording.executed).toHaveLength(1);
  });

  it("is shown on the dashboard as an alert with a heading and the way to the gateways, or not at all", async () => {
    const message = (await warning(superuser, "https://pay.example.com"))!;
    const html = renderToStaticMarkup(createElement(SandboxWarning, { message }));
    expect(html).toMatch(/^<section role="alert" aria-labelledby="sandbox-warning-heading"/);
    expect(html).toContain('<h2 id="sandbox-warning-heading" class="text-lg font-bold">Warning: sandbox gateways are enabled on a public address</h2>');
    expect(html).toContain("card, card-auth, usd-card");
    expect(html).toContain('href="/admin/gateways"');
    expect(renderToStaticMarkup(createElement(SandboxWarning, { message: null }))).toBe("");
  });
});
