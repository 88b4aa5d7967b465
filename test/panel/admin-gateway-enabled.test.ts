import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveGatewayForm } from "@/lib/panel/admin/save-gateway-form";
import { setGatewayEnabledForm } from "@/lib/panel/admin/set-gateway-enabled-form";
import { type UserCaller, adminCaller } from "@/lib/access/auth/admin-caller";
import type { Caller } from "@/lib/access/auth/permissions";
import { stopConfigCache } from "@/lib/core/cache/config-cache";
import { Forbidden, ValidationFailed } from "@/lib/core/errors";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";
import { eventually } from "../support/eventually";
import { createGateway, createKey, createUser } from "../support/factories";
import { testContext } from "../support/test-context";

// Enabling and disabling a gateway setting from the panel (superusers only, audited, refused while one of its
// currencies is disabled), and the API seeing panel changes at once with the configuration cache on.

vi.hoisted(() => {
  process.env.CONFIG_CACHE_SECONDS = "60";
});
afterAll(() => stopConfigCache());

const ctx = testContext();
let superuser: UserCaller;
let merchant: Caller;

const toggle = (caller: UserCaller, code: string, enabled: boolean) => {
  const form = new FormData();
  form.set("code", code);
  form.set("enabled", String(enabled));
  return setGatewayEnabledForm({ ctx, input: { caller, form } });
};
const enabled = async (code: string) =>
  (await ctx.db.selectFrom("gateway_settings").select("enabled").where("code", "=", code).executeTakeFirstOrThrow()).enabled;
const auditOf = (code: string) =>
  ctx.db.selectFrom("audit_log").select(["actor", "action", "before", "after"]).where("entity_id", "=", code).orderBy("id").execute();

/** A create over the API's verb with this gateway: its fee, or the field errors it is refused with. */
const tryCreate = (code: string) =>
  createTransaction({ ctx, input: { caller: merchant, fields: { amount: "10.000", currency_code: "KWD", pg_codes: [code] }, files: {} } }).then(
    ({ body }) => (body as { payment_methods: { fee: string }[] }).payment_methods[0]!.fee,
    (error: unknown) => {
      if (error instanceof ValidationFailed) return error.fields;
      throw error;
    },
  );

beforeAll(async () => {
  superuser = adminCaller(await createUser(ctx, { username: "root", isSuperuser: true }));
  const key = await createKey(ctx);
  merchant = { kind: "api_key", id: String(key.id), name: key.name };
});

describe("enabling and disabling a gateway setting", () => {
  it("disables and enables it again, auditing each change", async () => {
    const { code } = await createGateway(ctx);
    expect(await toggle(superuser, code, false)).toEqual({ error: null, done: `${code} disabled.` });
    expect(await enabled(code)).toBe(false);
    expect(await toggle(superuser, code, true)).toEqual({ error: null, done: `${code} enabled.` });
    expect(await enabled(code)).toBe(true);
    expect(await auditOf(code)).toEqual([
      { actor: "root", action: "gateway.disable", before: { enabled: true }, after: { enabled: false } },
      { actor: "root", action: "gateway.enable", before: { enabled: false }, after: { enabled: true } },
    ]);
  });

  it("writes no entry when nothing changes", async () => {
    const { code } = await createGateway(ctx);
    expect(await toggle(superuser, code, true)).toMatchObject({ error: null });
    expect(await auditOf(code)).toEqual([]);
  });

  it("refuses to enable one with a disabled currency, saying which", async () => {
    const { code } = await createGateway(ctx, { currencies: ["KWD", "BHD"] });
    await toggle(superuser, code, false);
    await ctx.db.updateTable("currencies").set({ enabled: false }).where("code", "=", "BHD").execute();
    expect(await toggle(superuser, code, true)).toEqual({
      error: `Cannot enable ${code}. Disabled: BHD. Enable them first, or leave them out.`,
      done: null,
    });
    expect(await enabled(code)).toBe(false);
    await ctx.db.updateTable("currencies").set({ enabled: true }).where("code", "=", "BHD").execute();
  });

  it("answers an unknown gateway setting with an error", async () => {
    expect(await toggle(superuser, "gone", false)).toEqual({ error: "No gateway setting with code gone.", done: null });
  });

  it("refuses a user who is not a superuser, changing nothing", async () => {
    const { code } = await createGateway(ctx);
    const clerk = adminCaller(await createUser(ctx, { gatewayCodes: [code], permissions: ["create", "update", "cancel"] }));
    await expect(toggle(clerk, code, false)).rejects.toThrow(Forbidden);
    expect(await enabled(code)).toBe(true);
    expect(await auditOf(code)).toEqual([]);
  });
});

describe("the API after a change in the panel", () => {
  it("takes the new fee, then refuses the disabled gateway, with the configuration cache on", async () => {
    const { code } = await createGateway(ctx);
    expect(await tryCreate(code)).toBe("0.000");
    const form = new FormData();
    for (const [name, value] of Object.entries({ code, pg: "sandbox", mode: "sandbox", currencies: "KWD", operation: "purchase", feeFixed: "0.5" })) form.set(name, value);
    expect(await saveGatewayForm({ ctx, input: { caller: superuser, form, editing: code } })).toMatchObject({ saved: code });
    await eventually(async () => (await tryCreate(code)) === "0.500", { what: "the new fee seen" });

    await toggle(superuser, code, false);
    await eventually(async () => JSON.stringify(Object.keys(await tryCreate(code))) === '["pg_codes"]', { what: "the disabled gateway refused" });
  });
});
