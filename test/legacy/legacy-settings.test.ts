import { describe, expect, it } from "vitest";
import { saveSettingsForm } from "@/lib/panel/admin/save-settings-form";
import { settingsFormValues } from "@/lib/panel/admin/settings-form-values";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import { Forbidden } from "@/lib/core/errors";
import { isAllowedAddress } from "@/lib/core/validation/allowed-networks";
import { readSettings } from "@/lib/config/settings/read-settings";
import { createUser } from "../support/factories";
import { runAdminCli } from "../support/run-script";
import { testContext } from "../support/test-context";

// The legacy interface's two settings (migration 0015): the addresses allowed to call /pos/ without credentials
// and the multi-step checkout. The panel form's rules (the server action's, after it has checked the signed-in
// user), its audit entry, the CLI's set-config, and how an address is matched.

const ctx = testContext();

const stored = () => ctx.db.selectFrom("settings").select(["legacy_allowed_networks", "legacy_multi_step_checkout"]).executeTakeFirstOrThrow();
const audits = () => ctx.db.selectFrom("audit_log").selectAll().where("action", "=", "settings.update").orderBy("id").execute();

/** The settings form as the page shows it, with the legacy fields changed. */
async function form(legacy: { legacyAllowedNetworks: string; legacyMultiStepCheckout?: "on" }) {
  const data = new FormData();
  for (const [name, value] of Object.entries(settingsFormValues(await readSettings({ ctx })))) if (value !== "") data.set(name, value);
  data.delete("legacyMultiStepCheckout");
  for (const [name, value] of Object.entries(legacy)) data.set(name, value);
  return data;
}
const save = async (caller: UserCaller, legacy: Parameters<typeof form>[0]) => saveSettingsForm({ ctx, input: { caller, form: await form(legacy) } });

describe("the settings form's legacy fields", async () => {
  const admin = adminCaller(await createUser(ctx, { isSuperuser: true }));

  it("are off out of the box: no address allowed without credentials, no multi-step checkout", async () => {
    expect(await stored()).toEqual({ legacy_allowed_networks: [], legacy_multi_step_checkout: false });
    expect(settingsFormValues(await readSettings({ ctx }))).toMatchObject({ legacyAllowedNetworks: "", legacyMultiStepCheckout: "" });
  });

  it("save the networks (commas, spaces or new lines between them) written as address/prefix, and the checkbox; audited", async () => {
    const state = await save(admin, { legacyAllowedNetworks: "203.0.113.0/24, 2001:DB8::/32\n10.1.2.3  ::1 203.0.113.0/24", legacyMultiStepCheckout: "on" });
    expect(state.errors).toEqual({});
    expect(state.saved).toBe("Settings saved.");
    expect(state.values).toMatchObject({ legacyAllowedNetworks: "203.0.113.0/24, 2001:db8::/32, 10.1.2.3/32, ::1/128", legacyMultiStepCheckout: "on" });
    expect(await stored()).toEqual({
      legacy_allowed_networks: ["203.0.113.0/24", "2001:db8::/32", "10.1.2.3/32", "::1/128"],
      legacy_multi_step_checkout: true,
    });
    const entry = (await audits()).at(-1)!;
    expect(entry).toMatchObject({ actor_user_id: admin.id, entity: "settings" });
    expect(entry.before).toEqual({ legacy_allowed_networks: [], legacy_multi_step_checkout: false });
    expect(entry.after).toEqual({
      legacy_allowed_networks: ["203.0.113.0/24", "2001:db8::/32", "10.1.2.3/32", "::1/128"],
      legacy_multi_step_checkout: true,
    });

    // Blank and unticked: back to credentials only and a single-step checkout.
    const cleared = await save(admin, { legacyAllowedNetworks: "  " });
    expect(cleared.errors).toEqual({});
    expect(await stored()).toEqual({ legacy_allowed_networks: [], legacy_multi_step_checkout: false });
    expect((await audits()).at(-1)!.after).toEqual({ legacy_allowed_networks: [], legacy_multi_step_checkout: false });
  });

  it.each([
    ["10.0.0.0/33", '"10.0.0.0/33" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).'],
    ["2001:db8::/129", '"2001:db8::/129" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).'],
    ["shop.example", '"shop.example" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).'],
    ["10.0.0/8", '"10.0.0/8" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).'],
    ["10.0.0.0/8/8", '"10.0.0.0/8/8" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).'],
    ["10.0.0.0/-1", '"10.0.0.0/-1" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).'],
    ["fe80::1%eth0", '"fe80::1%eth0" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).'],
  ])("refuse %j with the typed values kept, saving nothing", async (wrong, message) => {
    const before = await stored();
    const count = (await audits()).length;
    const typed = `10.0.0.0/8, ${wrong}`;
    const state = await save(admin, { legacyAllowedNetworks: typed, legacyMultiStepCheckout: "on" });
    expect(state.errors).toEqual({ legacyAllowedNetworks: [message] });
    expect(state.saved).toBeNull();
    expect(state.values).toMatchObject({ legacyAllowedNetworks: typed, legacyMultiStepCheckout: "on" });
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(count);
  });

  it("name every wrong entry at once, and refuse more than 100", async () => {
    const state = await save(admin, { legacyAllowedNetworks: "nope, 1.2.3.4, 300.1.1.1" });
    expect(state.errors).toEqual({
      legacyAllowedNetworks: [
        '"nope" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).',
        '"300.1.1.1" is not an IPv4 or IPv6 address or CIDR network (for example 203.0.113.0/24 or 2001:db8::/32).',
      ],
    });
    const many = Array.from({ length: 101 }, (_, i) => `10.0.${i}.0/24`).join(",");
    expect((await save(admin, { legacyAllowedNetworks: many })).errors).toEqual({ legacyAllowedNetworks: ["Give at most 100 addresses or networks."] });
  });

  it("refuse a user who is not a superuser, saving nothing", async () => {
    const clerk = adminCaller(await createUser(ctx, { permissions: ["create"] }));
    const before = await stored();
    await expect(save(clerk, { legacyAllowedNetworks: "0.0.0.0/0", legacyMultiStepCheckout: "on" })).rejects.toThrow(Forbidden);
    expect(await stored()).toEqual(before);
  });
});

describe("set-config's legacy options", () => {
  it("set, refuse with the field's error, and clear the networks; turn the multi-step checkout on and off", async () => {
    const saved = await runAdminCli("set-config", "--legacy-allowed-networks", "192.0.2.0/24,2001:db8::1", "--legacy-multi-step-checkout", "on");
    expect(saved.code, saved.stderr).toBe(0);
    expect(await stored()).toEqual({ legacy_allowed_networks: ["192.0.2.0/24", "2001:db8::1/128"], legacy_multi_step_checkout: true });

    const wrong = await runAdminCli("set-config", "--legacy-allowed-networks", "192.0.2.0/40", "--legacy-multi-step-checkout", "maybe");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--legacy-multi-step-checkout must be on or off.");
    const bad = await runAdminCli("set-config", "--legacy-allowed-networks", "192.0.2.0/40");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('legacyAllowedNetworks: "192.0.2.0/40" is not an IPv4 or IPv6 address or CIDR network');

    const cleared = await runAdminCli("set-config", "--legacy-allowed-networks", "", "--legacy-multi-step-checkout", "off");
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(await stored()).toEqual({ legacy_allowed_networks: [], legacy_multi_step_checkout: false });
  });
});

describe("matching a client address", () => {
  const networks = ["192.0.2.0/24", "10.1.2.3/32", "2001:db8::/32", "::1/128"];

  it.each([
    ["192.0.2.1", true],
    ["192.0.2.255", true],
    ["192.0.3.1", false],
    ["10.1.2.3", true],
    ["10.1.2.4", false],
    ["::ffff:192.0.2.9", true],
    ["::ffff:10.1.2.4", false],
    ["2001:db8:ffff::1", true],
    ["2001:DB8::1", true],
    ["2001:db9::1", false],
    ["::1", true],
    ["127.0.0.1", false],
    ["unknown", false],
    ["", false],
  ])("%j allowed: %s", (ip, allowed) => {
    expect(isAllowedAddress(networks, ip)).toBe(allowed);
  });

  it("allows nothing when the list is empty", () => {
    expect(isAllowedAddress([], "192.0.2.1")).toBe(false);
  });
});
