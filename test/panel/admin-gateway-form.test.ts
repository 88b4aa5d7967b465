import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { saveGatewayForm } from "@/lib/panel/admin/save-gateway-form";
import { type UserCaller, adminCaller } from "@/lib/access/auth/admin-caller";
import { decryptCredentials } from "@/lib/core/crypto/credentials-cipher";
import { Forbidden } from "@/lib/core/errors";
import { ICON_MAX_BYTES } from "@/lib/gateways/gateway-icon-limit";
import { KNOWN_PGS } from "@/lib/gateways/known-gateways";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";
import { createCurrency, createKey, createUser } from "../support/factories";
import { testContext } from "../support/test-context";

// The panel's gateway form (the server action's rules, after it has checked the signed-in user): superusers only,
// the CLI's zod rules and verbs, field errors in place with what was typed, nothing saved on an error, credentials
// encrypted and never returned, uploaded icons checked by their content, an audit entry for every save.

vi.hoisted(() => {
  process.env.CREDENTIALS_KEY = Buffer.alloc(32, 7).toString("base64");
});

const ctx = testContext();
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), randomBytes(64)]);
const JPEG = Buffer.concat([Buffer.from("ffd8ffe0", "hex"), randomBytes(64)]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 1, 0, 0]), Buffer.from("WEBPVP8 "), randomBytes(64)]);
const SECRET = "merchant-secret-0042";

const FIELDS = {
  code: "knet",
  name: "KNET",
  pg: "sandbox",
  mode: "production",
  currencies: ["KWD", "USD"],
  operation: "authorize",
  priority: "3",
  feeFixed: "0.250",
  feePercent: "1.5",
  iconUrl: "",
};

type Fields = Partial<Omit<typeof FIELDS, "currencies">> & { currencies?: string[]; icon?: File; removeIcon?: "on"; "credentials.merchant_id"?: string };

function form(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) data.append(name, v);
    else if (value !== undefined) data.set(name, value);
  }
  // What a browser sends for a file input left empty.
  if (!fields.icon) data.set("icon", new File([], "blob", { type: "application/octet-stream" }));
  return data;
}

const file = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: "image/png" });
const save = (caller: UserCaller, fields: Fields, editing?: string) => saveGatewayForm({ ctx, input: { caller, form: form(fields), editing } });
const row = (code: string) => ctx.db.selectFrom("gateway_settings").selectAll().where("code", "=", code).executeTakeFirst();
const audit = () => ctx.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
const snapshot = async () => ({ gateways: await ctx.db.selectFrom("gateway_settings").selectAll().orderBy("code").execute(), audit: await audit() });

let superuser: UserCaller;

beforeEach(async () => {
  await sql`TRUNCATE audit_log, transactions, gateway_settings CASCADE`.execute(ctx.db);
  await ctx.db.deleteFrom("admin_users").execute();
  for (const code of ["KWD", "USD", "EUR"]) await createCurrency(ctx, { code });
  await ctx.db.updateTable("currencies").set({ enabled: true }).execute();
  superuser = adminCaller(await createUser(ctx, { username: "root", isSuperuser: true }));
});

describe("creating a gateway setting from the panel", () => {
  it("saves every field, the icon checked by its content and the credentials encrypted, and audits it", async () => {
    const state = await save(superuser, { ...FIELDS, icon: file(PNG, "logo.bin"), "credentials.merchant_id": SECRET });
    expect(state).toMatchObject({ errors: {}, saved: "knet" });
    // The answer never carries a credential.
    expect(JSON.stringify(state)).not.toContain(SECRET);

    const saved = (await row("knet"))!;
    expect(saved).toMatchObject({
      name: "KNET",
      pg: "sandbox",
      is_sandbox: false,
      currencies: ["KWD", "USD"],
      operation: "authorize",
      priority: 3,
      fee_fixed: "0.250000",
      fee_percent: "1.5000",
      icon_url: null,
      icon_content_type: "image/png",
      enabled: true,
      credentials_hint: { merchant_id: "0042" },
    });
    expect(saved.icon).toEqual(PNG);
    expect(saved.credentials!.includes(Buffer.from(SECRET))).toBe(false);
    expect(decryptCredentials(saved)).toEqual({ merchant_id: SECRET });

    const [entry, ...more] = await audit();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_user_id: superuser.id, actor: "root", action: "gateway.create", entity: "gateway_setting", entity_id: "knet", before: null });
    expect(entry!.after).toMatchObject({ code: "knet", mode: "production", fee_fixed: "0.25", credentials: "•••• (secret)", icon: expect.stringMatching(/^image\/png, 72 bytes, [0-9a-f]{12}$/) });
    expect(JSON.stringify(entry)).not.toContain(SECRET);
  });

  it("takes the name from the code, no fees and the sandbox mode when left so", async () => {
    expect(await save(superuser, { code: "plain", pg: "sandbox", mode: "sandbox", currencies: ["KWD"], operation: "purchase" })).toMatchObject({ saved: "plain" });
    expect(await row("plain")).toMatchObject({ name: "plain", is_sandbox: true, priority: 0, fee_fixed: "0.000000", credentials: null, credentials_hint: {}, icon: null });
  });

  it.each([
    ["WebP", WEBP, "image/webp"],
    ["JPEG", JPEG, "image/jpeg"],
  ])("accepts a %s icon and stores its type from its content", async (_kind, bytes, type) => {
    expect(await save(superuser, { ...FIELDS, icon: file(bytes, "icon.png") })).toMatchObject({ saved: "knet" });
    expect(await row("knet")).toMatchObject({ icon_content_type: type });
  });

  it.each([
    ["a field's own rules", { code: "no spaces", currencies: [], priority: "1.5", feePercent: "101", feeFixed: "-1", iconUrl: "javascript:alert(1)" }, {
      code: ["Code must be 1–64 letters, digits, '-' or '_'."],
      currencies: ["List at least one currency."],
      priority: ["Priority must be a whole number."],
      feeFixed: ["Fixed fee must be a non-negative number with at most 6 decimal places."],
      feePercent: ["Percentage fee must be between 0 and 100."],
      iconUrl: ["Enter a valid absolute URL starting with http:// or https://."],
    }],
    ["a currency not configured", { currencies: ["KWD", "GBP"] }, { currencies: ["Not in the configured currencies list: GBP. Add them first (add-currency)."] }],
    ["an unknown pg", { pg: "paypal" }, { pg: [`pg must be one of: ${KNOWN_PGS.join(", ")}.`] }],
    ["an icon that is not an image", { icon: file(Buffer.from("<svg onload=alert(1)>"), "icon.png") }, { icon: ["The icon must be a PNG, JPEG or WebP image."] }],
    ["an icon over 256 KB", { icon: file(Buffer.concat([PNG, Buffer.alloc(ICON_MAX_BYTES)]), "big.png") }, { icon: ["The icon must be at most 256 KB."] }],
  ])("answers %s with errors in place and what was typed, saving nothing", async (_what, changes, errors) => {
    const before = await snapshot();
    const fields = { ...FIELDS, ...changes, "credentials.merchant_id": SECRET } as Fields;
    const state = await save(superuser, fields);
    expect(state.errors).toEqual(errors);
    expect(state.saved).toBeNull();
    // Everything typed comes back but the file and the credential.
    const typed = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== "icon" && !name.startsWith("credentials.")));
    expect(state.values).toEqual({ ...typed, removeIcon: false });
    expect(JSON.stringify(state)).not.toContain(SECRET);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a disabled currency", async () => {
    await ctx.db.updateTable("currencies").set({ enabled: false }).where("code", "=", "USD").execute();
    const state = await save(superuser, FIELDS);
    expect(state.errors).toEqual({ currencies: ["Disabled: USD. Enable them first, or leave them out."] });
    expect(await row("knet")).toBeUndefined();
  });

  it("refuses a code already taken", async () => {
    await save(superuser, FIELDS);
    expect((await save(superuser, { ...FIELDS, name: "Another" })).errors).toEqual({ code: ["A gateway setting with code knet already exists."] });
    expect(await row("knet")).toMatchObject({ name: "KNET" });
  });

  it("refuses a user who is not a superuser, whatever their permissions, saving nothing", async () => {
    const clerk = adminCaller(await createUser(ctx, { username: "clerk", permissions: ["create", "update", "refund"] }));
    const before = await snapshot();
    await expect(save(clerk, FIELDS)).rejects.toThrow(Forbidden);
    await expect(save(clerk, FIELDS, "knet")).rejects.toThrow(Forbidden);
    expect(await snapshot()).toEqual(before);
  });
});

describe("editing a gateway setting from the panel", () => {
  beforeEach(async () => {
    await save(superuser, { ...FIELDS, icon: file(PNG, "logo.png"), "credentials.merchant_id": SECRET });
    await ctx.db.deleteFrom("audit_log").execute();
  });

  it("keeps the stored credentials when their field is left empty, and audits only what changed", async () => {
    const sealed = (await row("knet"))!.credentials;
    expect(await save(superuser, { ...FIELDS, name: "KNET debit", currencies: ["KWD"] }, "knet")).toMatchObject({ errors: {}, saved: "knet" });
    expect(await row("knet")).toMatchObject({ name: "KNET debit", currencies: ["KWD"], credentials: sealed, credentials_hint: { merchant_id: "0042" }, icon: PNG });
    expect(await audit()).toMatchObject([
      { action: "gateway.update", entity_id: "knet", before: { name: "KNET", currencies: ["KWD", "USD"] }, after: { name: "KNET debit", currencies: ["KWD"] } },
    ]);
  });

  it("replaces a credential typed again, masked in the audit log", async () => {
    await save(superuser, { ...FIELDS, "credentials.merchant_id": "another-merchant-9876" }, "knet");
    const saved = (await row("knet"))!;
    expect(saved.credentials_hint).toEqual({ merchant_id: "9876" });
    expect(decryptCredentials(saved)).toEqual({ merchant_id: "another-merchant-9876" });
    const [entry] = await audit();
    expect(entry).toMatchObject({ before: { credentials: "•••• (secret)" }, after: { credentials: "•••• (secret)" } });
    expect(JSON.stringify(entry)).not.toMatch(/another-merchant|0042|9876/);
  });

  it("shows no characters of a credential too short to hide them", async () => {
    await save(superuser, { ...FIELDS, "credentials.merchant_id": "m42" }, "knet");
    expect((await row("knet"))!.credentials_hint).toEqual({ merchant_id: "" });
  });

  it("replaces or removes the uploaded icon, and sets an icon URL", async () => {
    await save(superuser, { ...FIELDS, icon: file(WEBP, "new.webp") }, "knet");
    expect(await row("knet")).toMatchObject({ icon: WEBP, icon_content_type: "image/webp" });
    await save(superuser, { ...FIELDS, removeIcon: "on", iconUrl: "https://cdn.example/knet.svg" }, "knet");
    expect(await row("knet")).toMatchObject({ icon: null, icon_content_type: null, icon_url: "https://cdn.example/knet.svg" });
    expect((await audit()).map((e) => [e.action, Object.keys(e.after!).sort()])).toEqual([
      ["gateway.update", ["icon"]],
      ["gateway.update", ["icon", "icon_url"]],
    ]);
  });

  it("changes the code while no transaction uses it; users limited to it keep it", async () => {
    await save(superuser, { ...FIELDS, code: "other" });
    await ctx.db.deleteFrom("audit_log").execute();
    await createUser(ctx, { username: "clerk", gatewayCodes: ["other", "knet"] });
    expect(await save(superuser, { ...FIELDS, code: "knet-2" }, "knet")).toMatchObject({ saved: "knet-2" });
    expect(await row("knet")).toBeUndefined();
    expect(await row("knet-2")).toMatchObject({ name: "KNET" });
    const clerk = await ctx.db.selectFrom("admin_users").select("gateway_codes").where("username", "=", "clerk").executeTakeFirstOrThrow();
    expect(clerk.gateway_codes).toEqual(["other", "knet-2"]);
    expect(await audit()).toMatchObject([{ entity_id: "knet-2", before: { code: "knet" }, after: { code: "knet-2" } }]);
  });

  it("keeps the code fixed once a transaction uses it, saying why, and saves nothing", async () => {
    const key = await createKey(ctx);
    await createTransaction({
      ctx,
      input: { caller: { kind: "api_key", id: String(key.id), name: key.name }, fields: { amount: "5", currency_code: "KWD", pg_codes: ["knet"] }, files: {} },
    });
    const before = await snapshot();
    const state = await save(superuser, { ...FIELDS, code: "knet-2", name: "Renamed" }, "knet");
    expect(state.errors).toEqual({ code: ["Fixed: transactions already use this code, and they keep naming it."] });
    expect(state.values).toMatchObject({ code: "knet-2", name: "Renamed" });
    expect(await snapshot()).toEqual(before);
    // Its other fields still change.
    expect(await save(superuser, { ...FIELDS, name: "Renamed" }, "knet")).toMatchObject({ saved: "knet" });
  });

  it("refuses a disabled currency it is given, and a code another setting has", async () => {
    await save(superuser, { ...FIELDS, code: "other" });
    await ctx.db.updateTable("currencies").set({ enabled: false }).where("code", "=", "EUR").execute();
    const state = await save(superuser, { ...FIELDS, code: "other", currencies: ["KWD", "EUR"] }, "knet");
    expect(state.errors).toEqual({
      code: ["A gateway setting with code other already exists."],
      currencies: ["Disabled: EUR. Enable them first, or leave them out."],
    });
  });

  it("answers a gateway setting that is gone with an error, not a failure", async () => {
    expect((await save(superuser, FIELDS, "gone")).errors).toEqual({ non_field_errors: ["No gateway setting with code gone."] });
  });
});
