import { describe, expect, it } from "vitest";
import { saveSettingsForm } from "@/lib/panel/admin/save-settings-form";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import { Forbidden } from "@/lib/core/errors";
import { createGateway, createUser } from "../support/factories";
import { testContext } from "../support/test-context";

// The panel's settings form (the server action's rules, after it has checked the signed-in user): superusers
// only, the settings verb's zod rules (the address has the billing address's), every error in place with what
// was typed, nothing half-saved, and an audit entry of what changed.

const ctx = testContext();

const VALID = {
  merchantName: "Gulf Shop",
  supportEmail: "help@gulf.example",
  supportPhone: "+96522000000",
  merchantWebsiteUrl: "https://gulf.example/",
  merchantLogoUrl: "https://gulf.example/logo.png",
  defaultRedirectUrl: "https://gulf.example/done",
  defaultDisclosureUrl: "https://gulf.example/result",
  "defaultAddress.line1": "Block 1, Street 2",
  "defaultAddress.line2": "",
  "defaultAddress.city": "Kuwait City",
  "defaultAddress.state": "Capital",
  "defaultAddress.country": "kw",
  "defaultAddress.postal_code": "13001",
  expireTransactions: "on",
  defaultExpiration: "2:30:00",
  // The legacy interface's settings: test/legacy/legacy-settings.test.ts.
  legacyAllowedNetworks: "",
  legacyMultiStepCheckout: "",
};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) if (!(k === "expireTransactions" && v === "")) data.set(k, v);
  return data;
};
const save = (caller: UserCaller, fields: Record<string, string>) => saveSettingsForm({ ctx, input: { caller, form: form(fields) } });
const stored = () => ctx.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
const audits = () => ctx.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

describe("the settings form", async () => {
  const admin = adminCaller(await createUser(ctx, { isSuperuser: true }));

  it("saves every setting, shows what is stored and records what changed, before → after", async () => {
    const before = await stored();
    const state = await save(admin, VALID);
    expect(state).toEqual({
      values: { ...VALID, "defaultAddress.country": "KW", defaultExpiration: "02:30:00" },
      errors: {},
      saved: "Settings saved.",
    });
    expect(await stored()).toMatchObject({
      merchant_name: "Gulf Shop",
      support_email: "help@gulf.example",
      default_redirect_url: "https://gulf.example/done",
      default_address: { line1: "Block 1, Street 2", city: "Kuwait City", state: "Capital", country: "KW", postal_code: "13001" },
      expire_transactions: true,
      default_expiration_seconds: 9_000,
    });
    const [entry] = (await audits()).slice(-1);
    expect(entry).toMatchObject({ actor_user_id: admin.id, actor: admin.username, action: "settings.update", entity: "settings" });
    expect(entry!.before).toMatchObject({ merchant_name: before.merchant_name, default_address: null, default_expiration_seconds: 3_600 });
    expect(entry!.after).toMatchObject({ merchant_name: "Gulf Shop", default_address: { country: "KW" }, default_expiration_seconds: 9_000 });
    expect(Object.keys(entry!.after!)).not.toContain("expire_transactions");
  });

  it("clears the optional fields left blank, the whole address when every part is blank, and turns expiry off", async () => {
    await save(admin, VALID);
    const blank = Object.fromEntries(Object.keys(VALID).map((k) => [k, ""]));
    const state = await save(admin, { ...blank, merchantName: "Gulf Shop", defaultExpiration: "1 00:00:00" });
    expect(state.errors).toEqual({});
    expect(await stored()).toMatchObject({
      support_email: null,
      merchant_logo_url: null,
      default_redirect_url: null,
      default_address: null,
      expire_transactions: false,
      default_expiration_seconds: 86_400,
    });
    expect((await audits()).at(-1)!.after).toMatchObject({ default_address: null, expire_transactions: false });
  });

  it("records nothing when nothing changed", async () => {
    await save(admin, VALID);
    const count = (await audits()).length;
    expect((await save(admin, VALID)).saved).toBe("Settings saved.");
    expect(await audits()).toHaveLength(count);
  });

  it.each([
    [{ merchantName: "  " }, { merchantName: ["Enter the merchant's name."] }],
    [{ supportEmail: "help@" }, { supportEmail: ["Enter a valid e-mail address."] }],
    [{ defaultRedirectUrl: "ftp://gulf.example" }, { defaultRedirectUrl: ["Enter a valid absolute URL starting with http:// or https://."] }],
    [{ defaultExpiration: "90 minutes" }, { defaultExpiration: ["Use HH:MM:SS or D HH:MM:SS (minutes and seconds 00–59), greater than zero."] }],
    [{ "defaultAddress.city": "" }, { defaultAddress: { city: ["This field may not be blank."] } }],
    [{ "defaultAddress.country": "XX" }, { defaultAddress: { country: ["Enter an existing ISO 3166-1 alpha-2 country code, for example KW."] } }],
    [{ "defaultAddress.postal_code": "1234567890123" }, { defaultAddress: { postal_code: ["Ensure this field has no more than 12 characters."] } }],
  ])("answers %j with its error in place and the typed values, saving nothing", async (wrong, errors) => {
    await save(admin, VALID);
    const before = await stored();
    const count = (await audits()).length;
    const typed = { ...VALID, merchantName: "Changed too", ...wrong };
    expect(await save(admin, typed)).toEqual({ values: typed, errors, saved: null });
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(count);
  });

  it("lists every field's error at once", async () => {
    const state = await save(admin, { ...VALID, merchantName: "", supportEmail: "x", "defaultAddress.line1": "" });
    expect(Object.keys(state.errors).sort()).toEqual(["defaultAddress", "merchantName", "supportEmail"]);
  });

  it("refuses a user who is not a superuser, saving nothing", async () => {
    await createGateway(ctx, { code: "card" });
    const clerk = adminCaller(await createUser(ctx, { gatewayCodes: ["card"], permissions: ["create", "refund"] }));
    const before = await stored();
    await expect(save(clerk, { ...VALID, merchantName: "Hijacked" })).rejects.toThrow(Forbidden);
    expect(await stored()).toEqual(before);
  });
});
