import { describe, expect, it } from "vitest";
import { toggleCurrencyForm } from "@/lib/panel/admin/toggle-currency-form";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import { listCurrencies } from "@/lib/config/currencies/list-currencies";
import { Forbidden } from "@/lib/core/errors";
import { createCurrency, createGateway, createUser } from "../support/factories";
import { testContext } from "../support/test-context";

// The currencies screen's Disable / Enable buttons (the server action's rules): superusers only, refused with
// the gateways named while an enabled gateway setting takes the currency, audited when something changed.

const ctx = testContext();

const toggle = (caller: UserCaller, code: string, enabled: boolean) => {
  const form = new FormData();
  form.set("code", code);
  form.set("enabled", String(enabled));
  return toggleCurrencyForm({ ctx, input: { caller, form } });
};
const enabledOf = async (code: string) =>
  (await ctx.db.selectFrom("currencies").select("enabled").where("code", "=", code).executeTakeFirstOrThrow()).enabled;
const audits = () => ctx.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

describe("disabling and enabling a currency", async () => {
  const admin = adminCaller(await createUser(ctx, { isSuperuser: true }));

  it("disables a currency no gateway takes, shows it disabled, enables it again, auditing both", async () => {
    await createCurrency(ctx, { code: "CHF", decimals: 2 });
    expect(await toggle(admin, "chf", false)).toEqual({ message: "CHF disabled.", error: null });
    expect(await enabledOf("CHF")).toBe(false);
    expect((await listCurrencies({ ctx })).find((c) => c.code === "CHF")).toMatchObject({ enabled: false });

    expect(await toggle(admin, "CHF", true)).toEqual({ message: "CHF enabled.", error: null });
    expect(await enabledOf("CHF")).toBe(true);
    expect((await audits()).slice(-2)).toMatchObject([
      { action: "currency.disable", entity: "currency", entity_id: "CHF", before: { enabled: true }, after: { enabled: false }, actor: admin.username },
      { action: "currency.enable", entity: "currency", entity_id: "CHF", before: { enabled: false }, after: { enabled: true } },
    ]);
  });

  it("refuses while enabled gateway settings take it, naming them; a disabled gateway does not stop it", async () => {
    await createGateway(ctx, { code: "knet", currencies: ["KWD"] });
    await createGateway(ctx, { code: "card", currencies: ["KWD", "USD"] });
    await createGateway(ctx, { code: "old-card", currencies: ["KWD"] });
    await ctx.db.updateTable("gateway_settings").set({ enabled: false }).where("code", "=", "old-card").execute();
    const count = (await audits()).length;

    expect(await toggle(admin, "KWD", false)).toEqual({
      message: null,
      error: "KWD cannot be disabled while enabled gateway settings take it: card, knet. Disable those gateway settings or remove KWD from their currencies first.",
    });
    expect(await enabledOf("KWD")).toBe(true);
    expect(await audits()).toHaveLength(count);

    await ctx.db.updateTable("gateway_settings").set({ enabled: false }).where("code", "in", ["card", "knet"]).execute();
    expect(await toggle(admin, "KWD", false)).toEqual({ message: "KWD disabled.", error: null });
  });

  it("records nothing when the currency already was in that state", async () => {
    await createCurrency(ctx, { code: "SEK", decimals: 2 });
    const count = (await audits()).length;
    expect(await toggle(admin, "SEK", true)).toEqual({ message: "SEK enabled.", error: null });
    expect(await audits()).toHaveLength(count);
  });

  it.each([
    ["XYZ", "No currency XYZ is configured."],
    ["K1", "Currency code must be 3 letters (ISO 4217), for example KWD."],
  ])("answers %s with its error", async (code, error) => {
    expect(await toggle(admin, code, false)).toEqual({ message: null, error });
  });

  it("refuses a user who is not a superuser, changing nothing", async () => {
    await createCurrency(ctx, { code: "NOK", decimals: 2 });
    await createGateway(ctx, { code: "nok-card", currencies: ["NOK"] });
    await ctx.db.updateTable("gateway_settings").set({ enabled: false }).where("code", "=", "nok-card").execute();
    const clerk = adminCaller(await createUser(ctx, { gatewayCodes: ["nok-card"], permissions: ["create"] }));
    await expect(toggle(clerk, "NOK", false)).rejects.toThrow(Forbidden);
    expect(await enabledOf("NOK")).toBe(true);
  });
});
