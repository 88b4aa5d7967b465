import { beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/core/env";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { startCheckoutApi } from "../support/checkout-setup";
import { billingAddress, minimal, txnPath } from "../support/checkout-samples";

// The transaction representation of create, read and update (contract.md "Create (201) and the transaction
// representation"), the fee arithmetic and the headers payment responses carry.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});

const absolute = (url: string) => {
  const parsed = new URL(url);
  return ["http:", "https:"].includes(parsed.protocol) && parsed.host !== "";
};

describe("create response", () => {
  it("carries a fresh session id, state created, checkout_url and every echoed field", async () => {
    // Every field the representation echoes as it was sent.
    const echoed = {
      pg_codes: ["knet"],
      customer_first_name: "Sara",
      customer_last_name: "Ahmad",
      customer_email: "sara@example.com",
      customer_phone: "96550000000",
      customer_id: "cust-1",
      billing_address: billingAddress(),
      order_no: "ORD-rep-1",
      notifications: { email: ["paid"], sms: ["paid"] },
      webhook_url: "https://merchant.example/hook",
      redirect_url: "https://merchant.example/done",
      vendor_name: "Main store",
      product_type: "goods",
      expiration_time: "00:30:00",
      language: "ar",
      email_recipients: ["ops@merchant.example"],
      extra: { cart: "c-1" },
      type: "payment_request",
    };
    const res = await api.create(minimal({ amount: "86", ...echoed }));
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const t = res.body;
    expect(t.session_id).toMatch(/^[0-9a-f]{40}$/);
    expect(t).toMatchObject({
      ...echoed,
      state: "created",
      operation: "purchase",
      mode: "payment",
      amount: "86.000",
      currency_code: "KWD",
      attachment: null,
      paid_amount: "0.000",
      refunded_amount: "0.000",
      captured_amount: "0.000",
    });
    expect(t.checkout_url).toBe(`${env.APP_URL}/b/checkout/redirect/start/?session_id=${t.session_id}`);
    for (const stamp of [t.created_at, t.updated_at, t.expires_at]) {
      expect(stamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(Date.parse(t.expires_at) - Date.parse(t.created_at)).toBe(30 * 60 * 1000);
    expect(Math.abs(Date.parse(t.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it("gives every transaction its own session id", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, async () => (await api.create(minimal())).body.session_id));
    expect(new Set(ids).size).toBe(20);
  });

  it("takes the operation from the gateway settings", async () => {
    expect((await api.create(minimal({ pg_codes: ["card"] }))).body.operation).toBe("purchase");
    expect((await api.create(minimal({ pg_codes: ["card-auth"] }))).body.operation).toBe("authorize");
  });

  it("answers GET with the same representation, publicly and uncached", async () => {
    const created = await api.create(minimal({ pg_codes: ["knet", "card"], customer_email: "a@b.co" }));
    const res = await fetch(`${api.base}${txnPath(created.body.session_id)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual(created.body);
  });
});

describe("payment_methods", () => {
  it("lists each gateway with absolute URLs and the fee included in its amount", async () => {
    const res = await api.create(minimal({ amount: "86", pg_codes: ["knet"], redirect_url: "https://merchant.example/done" }));
    const [method] = res.body.payment_methods;
    expect(Object.keys(method).sort()).toEqual(
      ["amount", "code", "currency_code", "fee", "fee_description", "flow", "icon", "is_sandbox", "name", "payment_url", "pg", "redirect_url", "type"].sort(),
    );
    expect(method).toMatchObject({
      code: "knet",
      name: "KNET",
      pg: "sandbox",
      is_sandbox: true,
      type: "sandbox",
      flow: "redirect",
      currency_code: "KWD",
      fee: "1.540",
      amount: "87.540",
      redirect_url: "https://merchant.example/done",
    });
    expect(method.fee_description).toMatch(/0\.250 KWD/);
    expect(method.fee_description).toMatch(/1\.5%/);
    expect(absolute(method.icon)).toBe(true);
    expect(absolute(method.payment_url)).toBe(true);
    expect(method.payment_url).toContain(res.body.session_id);
    expect(res.body.amount).toBe("86.000");
  });

  it.each([
    // 0.250 + 1.5% of 0.100 = 0.2515 → half up → 0.252
    ["0.1", "0.252", "0.352"],
    // 0.250 + 1.5% of 1.100 = 0.2665 → 0.267
    ["1.1", "0.267", "1.367"],
    // 0.250 + 1.5% of 0.030 = 0.25045 → 0.250
    ["0.03", "0.250", "0.280"],
    // 0.250 + 1.5% of 1000 = 15.250 exactly
    ["1000", "15.250", "1015.250"],
  ])("rounds the knet fee on %s KWD half up to %s", async (amount, fee, total) => {
    const [method] = (await api.create(minimal({ amount, pg_codes: ["knet"] }))).body.payment_methods;
    expect(method.fee).toBe(fee);
    expect(method.amount).toBe(total);
  });

  it("shows no fee for a gateway without one, in the currency's places", async () => {
    const usd = (await api.create(minimal({ amount: "5", currency_code: "USD" }))).body.payment_methods[0];
    expect(usd).toMatchObject({ fee: "0.00", amount: "5.00", fee_description: "No fee" });
    const jpy = (await api.create(minimal({ amount: "500", currency_code: "JPY" }))).body.payment_methods[0];
    expect(jpy).toMatchObject({ fee: "0", amount: "500" });
  });

  it("uses the gateway's own icon, and a default absolute icon when it has none", async () => {
    await createGatewaySetting({
      ctx: api.ctx,
      input: { code: "iconic", pg: "sandbox", currencies: ["KWD"], iconUrl: "https://cdn.example/knet.svg" },
    });
    const methods = (await api.create(minimal({ pg_codes: ["iconic", "card"] }))).body.payment_methods;
    expect(methods[0].icon).toBe("https://cdn.example/knet.svg");
    expect(absolute(methods[1].icon)).toBe(true);
    expect(methods[1].icon.startsWith(env.APP_URL)).toBe(true);
  });

  it("is read with the configuration as it is now: a read after a change shows the change", async () => {
    // A read takes the configuration from the cache create reads too; a change's notice drops it within milliseconds.
    const { session_id } = (await api.create(minimal())).body;
    const read = async () => (await api.send("GET", txnPath(session_id))).body.payment_methods[0].redirect_url;
    expect(await read()).toBeNull();
    await updateSettings({ ctx: api.ctx, input: { defaultRedirectUrl: "https://merchant.example/changed" } });
    try {
      await expect.poll(read, { timeout: 2_000 }).toBe("https://merchant.example/changed");
    } finally {
      await updateSettings({ ctx: api.ctx, input: { defaultRedirectUrl: null } });
    }
    await expect.poll(read, { timeout: 2_000 }).toBeNull();
  });

  it("falls back to the default redirect URL of the settings", async () => {
    await updateSettings({ ctx: api.ctx, input: { defaultRedirectUrl: "https://merchant.example/default" } });
    try {
      const res = await api.create(minimal());
      expect(res.body.redirect_url).toBeNull();
      expect(res.body.payment_methods[0].redirect_url).toBe("https://merchant.example/default");
    } finally {
      await updateSettings({ ctx: api.ctx, input: { defaultRedirectUrl: null } });
    }
  });
});
