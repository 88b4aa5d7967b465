import { beforeAll, describe, expect, it } from "vitest";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { startCheckoutApi } from "../support/checkout-setup";
import { billingAddress, countRows, expectFieldError, minimal, setState } from "../support/checkout-samples";

// Every field of the create request with its rules and limits (spec table + contract.md). Each refusal is a 400
// with the field's errors, and each message says what is allowed.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});

const chars = (n: number, c = "a") => c.repeat(n);

describe("amount", () => {
  it.each([
    ["12.34", "KWD", "12.340"],
    [12.34, "KWD", "12.340"],
    ["12.345", "KWD", "12.345"],
    [" 5 ", "KWD", "5.000"],
    ["0.001", "KWD", "0.001"],
    ["999999999999.999", "KWD", "999999999999.999"],
    ["19.9", "USD", "19.90"],
    [19, "USD", "19.00"],
    ["100", "JPY", "100"],
    [100, "JPY", "100"],
  ])("accepts %j %s and returns %s", async (amount, currency, expected) => {
    const res = await api.create(minimal({ amount, currency_code: currency }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.amount).toBe(expected);
    expect(res.body.payment_methods[0].amount).toBe(expected);
  });

  it.each([
    ["12.3456", "KWD", /no more than 3 decimal places/],
    [12.3456, "KWD", /no more than 3 decimal places/],
    ["1.234", "USD", /no more than 2 decimal places/],
    ["100.5", "JPY", /no more than 0 decimal places/],
    [0.5, "JPY", /no more than 0 decimal places/],
  ])("refuses %j %s with more places than the currency has", async (amount, currency, pattern) => {
    expectFieldError(await api.create(minimal({ amount, currency_code: currency })), ["amount"], pattern);
  });

  it.each(["0", "0.000", 0, "-1", -5, "-0.001", "00.000"])("refuses %j: it must be positive", async (amount) => {
    expectFieldError(await api.create(minimal({ amount })), ["amount"], /greater than 0/);
  });

  it.each(["abc", "1e3", "1,000", ".5", "5.", "+5", "1 000", "1234567890123", "NaN", "Infinity"])(
    "refuses %j: not a plain decimal",
    async (amount) => {
      expectFieldError(await api.create(minimal({ amount })), ["amount"], /decimal number .*for example/);
    },
  );

  it.each([true, false, {}, [], ["1"], { value: 1 }])("refuses %j: not a string or number", async (amount) => {
    expectFieldError(await api.create(minimal({ amount })), ["amount"], /decimal string, for example/);
  });

  it.each([{ amount: undefined }, { amount: null }, { amount: "" }])("requires an amount (%j)", async (override) => {
    expectFieldError(await api.create({ ...minimal(), ...override }), ["amount"], /required/);
  });
});

describe("currency_code", () => {
  it("accepts any letter case and returns it upper-case", async () => {
    const res = await api.create(minimal({ currency_code: " kwd " }));
    expect(res.status).toBe(201);
    expect(res.body.currency_code).toBe("KWD");
    expect(res.body.payment_methods[0].currency_code).toBe("KWD");
  });

  it("refuses a currency outside the configured list, naming the list", async () => {
    expectFieldError(
      await api.create(minimal({ currency_code: "GBP" })),
      ["currency_code"],
      /GBP is not a configured currency\. Allowed: EUR, JPY, KWD, USD\./,
    );
  });

  it.each(["KW", "KWDX", "K1D", 414, true, ["KWD"]])("refuses %j: not a 3-letter code", async (currency_code) => {
    expectFieldError(await api.create(minimal({ currency_code })), ["currency_code"], /3-letter ISO 4217 .*for example KWD/);
  });

  it("refuses a configured currency that a requested gateway does not take, naming what it takes", async () => {
    expectFieldError(
      await api.create(minimal({ currency_code: "EUR" })),
      ["pg_codes"],
      /Gateway card does not accept EUR; it accepts KWD, USD, JPY\./,
    );
  });

  it("needs the currency on every requested gateway", async () => {
    const res = await api.create(minimal({ pg_codes: ["card", "knet"], currency_code: "USD" }));
    expectFieldError(res, ["pg_codes"], /Gateway knet does not accept USD; it accepts KWD\./);
    expect(JSON.stringify(res.body)).not.toContain("Gateway card");
  });

  it("requires a currency", async () => {
    expectFieldError(await api.create({ pg_codes: ["card"], amount: "1" }), ["currency_code"], /required/);
  });
});

describe("pg_codes", () => {
  it("gives one payment method per code, in order", async () => {
    const res = await api.create(minimal({ pg_codes: ["knet", "card"] }));
    expect(res.status).toBe(201);
    expect(res.body.pg_codes).toEqual(["knet", "card"]);
    expect(res.body.payment_methods.map((m: { code: string }) => m.code)).toEqual(["knet", "card"]);
  });

  it.each([
    ["card", ["card"]],
    ["card,knet", ["card", "knet"]],
    [" card , knet ", ["card", "knet"]],
  ])("takes a comma-separated string %j", async (pg_codes, expected) => {
    const res = await api.create(minimal({ pg_codes }));
    expect(res.status).toBe(201);
    expect(res.body.pg_codes).toEqual(expected);
  });

  it("refuses an empty list", async () => {
    expectFieldError(await api.create(minimal({ pg_codes: [] })), ["pg_codes"], /at least one gateway code/);
  });

  it("refuses more than 10 codes", async () => {
    const pg_codes = Array.from({ length: 11 }, (_, i) => `code-${i}`);
    expectFieldError(await api.create(minimal({ pg_codes })), ["pg_codes"], /at most 10 gateway codes/);
  });

  it("takes up to 10 codes (the limit is checked before the codes themselves)", async () => {
    const pg_codes = ["card", ...Array.from({ length: 9 }, (_, i) => `code-${i}`)];
    const res = await api.create(minimal({ pg_codes }));
    expectFieldError(res, ["pg_codes"], /Unknown gateway code or not allowed for you: code-0\./);
    expect(JSON.stringify(res.body)).not.toMatch(/at most 10/);
  });

  it("refuses repeated codes", async () => {
    expectFieldError(await api.create(minimal({ pg_codes: ["card", "card"] })), ["pg_codes"], /must be distinct/);
  });

  it("refuses an unknown code, naming it", async () => {
    expectFieldError(await api.create(minimal({ pg_codes: ["nope"] })), ["pg_codes"], /Unknown gateway code .*: nope\./);
  });

  it("refuses a disabled gateway as unknown", async () => {
    await createGatewaySetting({ ctx: api.ctx, input: { code: "off", pg: "sandbox", currencies: ["KWD"] } });
    await api.ctx.db.updateTable("gateway_settings").set({ enabled: false }).where("code", "=", "off").execute();
    expectFieldError(await api.create(minimal({ pg_codes: ["off"] })), ["pg_codes"], /Unknown gateway code .*: off\./);
  });

  it.each([[[""]], [[" "]]])("refuses blank codes %j", async (pg_codes) => {
    expectFieldError(await api.create(minimal({ pg_codes })), ["pg_codes"], /may not be blank/);
  });

  it.each([[[5]], [[{ code: "card" }]], [[null]]])("refuses codes that are not strings %j", async (pg_codes) => {
    expectFieldError(await api.create(minimal({ pg_codes })), ["pg_codes"], /Gateway codes are strings/);
  });

  it.each([5, true, { code: "card" }])("refuses %j: not a list", async (pg_codes) => {
    expectFieldError(await api.create(minimal({ pg_codes })), ["pg_codes"], /Must be a list/);
  });

  it("takes codes of different operations together: the first one's operation until the customer picks", async () => {
    const res = await api.create(minimal({ pg_codes: ["card-auth", "card"] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.operation).toBe("authorize");
    expect(res.body.payment_methods.map((m: { code: string }) => m.code)).toEqual(["card-auth", "card"]);
  });

  it("requires pg_codes", async () => {
    expectFieldError(await api.create({ amount: "1", currency_code: "KWD" }), ["pg_codes"], /required/);
  });
});

describe("customer fields", () => {
  it.each([
    ["customer_first_name", 64],
    ["customer_last_name", 64],
    ["customer_id", 64],
  ])("%s takes up to %i characters", async (field, max) => {
    const ok = await api.create(minimal({ [field]: chars(max) }));
    expect(ok.status).toBe(201);
    expect(ok.body[field]).toBe(chars(max));
    expectFieldError(await api.create(minimal({ [field]: chars(max + 1) })), [field], new RegExp(`no more than ${max} characters`));
  });

  it("customer_email takes a valid address of up to 128 characters", async () => {
    const address = `${chars(64)}@${chars(59)}.com`;
    expect(address).toHaveLength(128);
    const ok = await api.create(minimal({ customer_email: address }));
    expect(ok.status).toBe(201);
    expect(ok.body.customer_email).toBe(address);
    expectFieldError(await api.create(minimal({ customer_email: `b${address}` })), ["customer_email"], /no more than 128 characters/);
  });

  it.each(["not-an-email", "a@", "@b.co", "a b@c.co", "a@b", 42])("customer_email refuses %j", async (customer_email) => {
    expectFieldError(await api.create(minimal({ customer_email })), ["customer_email"], /valid email address/);
  });

  it.each([
    ["965500000000", "965500000000"],
    ["+96550000000", "+96550000000"],
    [96550000000, "96550000000"],
    ["1234", "1234"],
  ])("customer_phone takes %j (at most 12 characters)", async (customer_phone, expected) => {
    const res = await api.create(minimal({ customer_phone }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.customer_phone).toBe(expected);
  });

  it.each([
    ["9655000000001", /no more than 12 characters/],
    ["+965500000000", /no more than 12 characters/],
    ["phone", /digits only .*optionally starting with \+/],
    ["965-5000", /digits only/],
    ["123", /digits only/],
  ])("customer_phone refuses %j", async (customer_phone, pattern) => {
    expectFieldError(await api.create(minimal({ customer_phone })), ["customer_phone"], pattern);
  });

  it.each(["customer_first_name", "customer_last_name", "customer_id"])("%s must be text", async (field) => {
    expectFieldError(await api.create(minimal({ [field]: { a: 1 } })), [field], /Must be a string/);
  });
});

describe("billing_address", () => {
  it("is stored with the country upper-case and line2 optional", async () => {
    const { line2: _omit, ...address } = billingAddress({ country: "kw" });
    void _omit;
    const res = await api.create(minimal({ billing_address: address }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.billing_address).toEqual({ ...address, country: "KW" });
    const read = await api.send("GET", `/b/checkout/v1/pymt-txn/${res.body.session_id}`);
    expect(read.body.billing_address.country).toBe("KW");
  });

  it.each(["line1", "city", "state", "country", "postal_code"])("requires %s", async (member) => {
    const address: Record<string, unknown> = billingAddress();
    delete address[member];
    expectFieldError(await api.create(minimal({ billing_address: address })), ["billing_address", member], /required/);
  });

  it("reports every missing member at once, nested", async () => {
    const res = await api.create(minimal({ billing_address: {} }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.billing_address).sort()).toEqual(["city", "country", "line1", "postal_code", "state"]);
  });

  it.each([
    ["line1", 128],
    ["line2", 128],
    ["city", 40],
    ["state", 40],
    ["postal_code", 12],
  ])("%s takes up to %i characters", async (member, max) => {
    const ok = await api.create(minimal({ billing_address: billingAddress({ [member]: chars(max) }) }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expectFieldError(
      await api.create(minimal({ billing_address: billingAddress({ [member]: chars(max + 1) }) })),
      ["billing_address", member],
      new RegExp(`no more than ${max} characters`),
    );
  });

  it.each(["line1", "city", "state", "postal_code"])("%s may not be blank", async (member) => {
    expectFieldError(
      await api.create(minimal({ billing_address: billingAddress({ [member]: "  " }) })),
      ["billing_address", member],
      /may not be blank/,
    );
  });

  it.each([
    ["XX", /existing ISO 3166-1 alpha-2 country code, for example KW/],
    ["zz", /existing ISO 3166-1 alpha-2/],
    ["", /existing ISO 3166-1 alpha-2/],
    ["KWT", /no more than 2 characters/],
    ["Kuwait", /no more than 2 characters/],
  ])("country refuses %j", async (country, pattern) => {
    expectFieldError(await api.create(minimal({ billing_address: billingAddress({ country }) })), ["billing_address", "country"], pattern);
  });

  it.each(["us", "Sa", "AE", "gb"])("country takes %j in any case", async (country) => {
    const res = await api.create(minimal({ billing_address: billingAddress({ country }) }));
    expect(res.status).toBe(201);
    expect(res.body.billing_address.country).toBe(country.toUpperCase());
  });

  it.each(["Kuwait City", 5, [billingAddress()]])("refuses %j: not an object", async (billing_address) => {
    expectFieldError(await api.create(minimal({ billing_address })), ["billing_address"], /Must be an object with line1/);
  });
});

describe("order_no", () => {
  it("takes up to 128 characters", async () => {
    const res = await api.create(minimal({ order_no: chars(128, "o") }));
    expect(res.status).toBe(201);
    expect(res.body.order_no).toBe(chars(128, "o"));
    expectFieldError(await api.create(minimal({ order_no: chars(129, "p") })), ["order_no"], /no more than 128 characters/);
  });

  it("is unique among live transactions; an expired one frees it", async () => {
    const first = await api.create(minimal({ order_no: "ORD-unique" }));
    expect(first.status).toBe(201);
    const before = await countRows(api.ctx, "transactions");
    expectFieldError(await api.create(minimal({ order_no: "ORD-unique" })), ["order_no"], /order numbers must be unique/);
    expect(await countRows(api.ctx, "transactions")).toBe(before);

    await setState(api.ctx, first.body.session_id, "paid");
    expectFieldError(await api.create(minimal({ order_no: "ORD-unique" })), ["order_no"], /must be unique/);

    await setState(api.ctx, first.body.session_id, "expired");
    const again = await api.create(minimal({ order_no: "ORD-unique" }));
    expect(again.status).toBe(201);
    expect(again.body.session_id).not.toBe(first.body.session_id);
  });

  it.each(["canceled", "failed", "error"] as const)("a %s transaction frees its order_no too", async (state) => {
    const first = await api.create(minimal({ order_no: `ORD-${state}` }));
    await setState(api.ctx, first.body.session_id, state);
    expect((await api.create(minimal({ order_no: `ORD-${state}` }))).status).toBe(201);
  });
});

describe("notifications", () => {
  const contact = { customer_email: "sara@example.com", customer_phone: "96550000000" };

  it("takes event names in any case and returns them lower-case", async () => {
    const res = await api.create(minimal({ ...contact, notifications: { email: ["PAID", "Created"], SMS: ["failed", "Refunded"] } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.notifications).toEqual({ email: ["paid", "created"], sms: ["failed", "refunded"], whatsapp: [] });
  });

  it("takes every event of the spec", async () => {
    const events = ["Created", "Paid", "Canceled", "Failed", "Expired", "Authorized", "Voided", "Refunded", "Captured"];
    const res = await api.create(minimal({ ...contact, notifications: { email: events, sms: events } }));
    expect(res.status).toBe(201);
    expect(res.body.notifications.email).toEqual(events.map((e) => e.toLowerCase()));
  });

  it("defaults to no events", async () => {
    expect((await api.create(minimal())).body.notifications).toEqual({ email: [], sms: [], whatsapp: [] });
  });

  it("refuses an unknown event, naming the allowed ones", async () => {
    expectFieldError(
      await api.create(minimal({ ...contact, notifications: { email: ["shipped"] } })),
      ["notifications", "email"],
      /Allowed events: created, paid, canceled, failed, expired, authorized, voided, refunded, captured/,
    );
  });

  it("needs customer_email for e-mail events", async () => {
    expectFieldError(
      await api.create(minimal({ customer_phone: "96550000000", notifications: { email: ["paid"] } })),
      ["customer_email"],
      /customer_email is required when notifications\.email lists events/,
    );
  });

  it("needs customer_phone for SMS events", async () => {
    expectFieldError(
      await api.create(minimal({ customer_email: "a@b.co", notifications: { sms: ["paid"] } })),
      ["customer_phone"],
      /customer_phone is required when notifications\.sms lists events/,
    );
  });

  it("takes empty lists without contact fields", async () => {
    expect((await api.create(minimal({ notifications: { email: [], sms: [] } }))).status).toBe(201);
  });

  it.each([["paid"], 5, "paid"])("refuses %j: not an object", async (notifications) => {
    expectFieldError(await api.create(minimal({ ...contact, notifications })), ["notifications"], /Must be an object like/);
  });

  it("refuses event names that are not strings", async () => {
    expectFieldError(await api.create(minimal({ ...contact, notifications: { email: [1] } })), ["notifications", "email"], /strings/);
  });
});

describe.each(["webhook_url", "redirect_url"])("%s", (field) => {
  it.each(["https://merchant.example/hook?x=1", "http://127.0.0.1:8080/cb"])("takes %s", async (url) => {
    const res = await api.create(minimal({ [field]: url }));
    expect(res.status).toBe(201);
    expect(res.body[field]).toBe(url);
  });

  it.each(["ftp://merchant.example/x", "javascript:alert(1)", "mailto:a@b.co", "/relative/path", "merchant.example/x", "https://", 42])(
    "refuses %j",
    async (url) => {
      expectFieldError(await api.create(minimal({ [field]: url })), [field], /absolute URL starting with http:\/\/ or https:\/\//);
    },
  );

  it("takes up to 2000 characters", async () => {
    const prefix = "https://merchant.example/";
    expect((await api.create(minimal({ [field]: prefix + chars(2000 - prefix.length) }))).status).toBe(201);
    expectFieldError(await api.create(minimal({ [field]: prefix + chars(2001 - prefix.length) })), [field], /at most 2000 characters/);
  });
});

describe("expiration_time", () => {
  it.each([
    ["02:30:00", "02:30:00", 9000],
    ["00:00:01", "00:00:01", 1],
    ["1 00:00:00", "1 00:00:00", 86_400],
    ["2 03:04:05", "2 03:04:05", 183_845],
    ["48:00:00", "2 00:00:00", 172_800],
  ])("takes %j and returns %j", async (expiration_time, expected, seconds) => {
    const res = await api.create(minimal({ expiration_time }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.expiration_time).toBe(expected);
    expect(Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)).toBe(seconds * 1000);
  });

  it.each(["00:00:00", "0 00:00:00", "10:60:00", "10:00:60", "1:00", "01:00", "abc", "-01:00:00", "1d 01:00:00", 3600, true])(
    "refuses %j",
    async (expiration_time) => {
      expectFieldError(await api.create(minimal({ expiration_time })), ["expiration_time"], /HH:MM:SS or D HH:MM:SS/);
    },
  );

  it("defaults to the admin setting, one hour out of the box, returned as 01:00:00", async () => {
    const res = await api.create(minimal());
    expect(res.body.expiration_time).toBe("01:00:00");
    expect(Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)).toBe(3_600_000);

    await updateSettings({ ctx: api.ctx, input: { defaultExpiration: "1 02:00:00" } });
    try {
      expect((await api.create(minimal())).body.expiration_time).toBe("1 02:00:00");
    } finally {
      await updateSettings({ ctx: api.ctx, input: { defaultExpiration: "01:00:00" } });
    }
  });
});

describe("language, type, mode", () => {
  it.each([
    [undefined, "en"],
    ["en", "en"],
    ["ar", "ar"],
    ["AR", "ar"],
  ])("language %j → %j", async (language, expected) => {
    const res = await api.create(minimal({ language }));
    expect(res.status).toBe(201);
    expect(res.body.language).toBe(expected);
  });

  it.each(["fr", "eng", "", 1])("language refuses %j", async (language) => {
    const res = await api.create(minimal({ language }));
    if (language === "") {
      expect(res.status).toBe(201); // dropped as falsy: the default applies
      expect(res.body.language).toBe("en");
    } else {
      expectFieldError(res, ["language"], /Allowed languages: en, ar/);
    }
  });

  it.each([
    [undefined, "e_commerce"],
    ["e_commerce", "e_commerce"],
    ["commerce", "e_commerce"],
    ["Commerce", "e_commerce"],
    ["payment_request", "payment_request"],
  ])("type %j → %j", async (type, expected) => {
    const res = await api.create(minimal({ type }));
    expect(res.status).toBe(201);
    expect(res.body.type).toBe(expected);
  });

  it.each(["ecommerce", "subscription", 3])("type refuses %j", async (type) => {
    expectFieldError(await api.create(minimal({ type })), ["type"], /Allowed types: e_commerce \(alias commerce\), payment_request/);
  });

  it.each([
    [undefined, "payment"],
    ["payment", "payment"],
    ["PAYMENT", "payment"],
  ])("mode %j → %j", async (mode, expected) => {
    const res = await api.create(minimal({ mode }));
    expect(res.status).toBe(201);
    expect(res.body.mode).toBe(expected);
  });

  it.each(["save_card", "subscription", 1])("mode refuses %j", async (mode) => {
    expectFieldError(await api.create(minimal({ mode })), ["mode"], /Allowed modes: payment/);
  });
});

describe("vendor_name, product_type, email_recipients, customer_id, extra", () => {
  it.each([
    ["vendor_name", 64],
    ["product_type", 128],
  ])("%s takes up to %i characters", async (field, max) => {
    const res = await api.create(minimal({ [field]: chars(max, "v") }));
    expect(res.status).toBe(201);
    expect(res.body[field]).toBe(chars(max, "v"));
    expectFieldError(await api.create(minimal({ [field]: chars(max + 1, "v") })), [field], new RegExp(`no more than ${max} characters`));
  });

  it.each([
    [["ops@merchant.example", "boss@merchant.example"], ["ops@merchant.example", "boss@merchant.example"]],
    ["ops@merchant.example, boss@merchant.example", ["ops@merchant.example", "boss@merchant.example"]],
    ["ops@merchant.example", ["ops@merchant.example"]],
  ])("email_recipients takes %j", async (email_recipients, expected) => {
    const res = await api.create(minimal({ email_recipients }));
    expect(res.status).toBe(201);
    expect(res.body.email_recipients).toEqual(expected);
  });

  it.each([
    [["not-an-email"], /valid email address/],
    [[7], /e-mail addresses as strings/],
    [Array.from({ length: 21 }, (_, i) => `r${i}@merchant.example`), /at most 20 e-mail recipients/],
    [{ to: "a@b.co" }, /Must be a list/],
  ])("email_recipients refuses %j", async (email_recipients, pattern) => {
    expectFieldError(await api.create(minimal({ email_recipients })), ["email_recipients"], pattern);
  });

  it("echoes customer_id and extra", async () => {
    const extra = { cart: { id: 7, items: ["a", "b"] }, flag: true, note: null };
    const res = await api.create(minimal({ customer_id: "cust-42", extra }));
    expect(res.status).toBe(201);
    expect(res.body.customer_id).toBe("cust-42");
    expect(res.body.extra).toEqual(extra);
  });

  it("takes extra as JSON text (what form bodies carry)", async () => {
    const res = await api.create(minimal({ extra: '{"cart_id":"c-9"}' }));
    expect(res.status).toBe(201);
    expect(res.body.extra).toEqual({ cart_id: "c-9" });
  });

  it.each([["not json"], [[1, 2]], [5], ["[1]"]])("extra refuses %j: not a JSON object", async (extra) => {
    expectFieldError(await api.create(minimal({ extra })), ["extra"], /Must be a JSON object/);
  });

  it("extra holds at most 16 KiB of JSON", async () => {
    expect((await api.create(minimal({ extra: { blob: chars(16_000) } }))).status).toBe(201);
    expectFieldError(await api.create(minimal({ extra: { blob: chars(16_400) } })), ["extra"], /at most 16 KiB/);
  });
});

describe("text the database cannot store", () => {
  it.each([
    ["customer_first_name", "Sa\u0000ra"],
    ["order_no", "\u0000"],
    ["customer_last_name", "A\ud800"],
    ["pg_codes", ["ca\u0000rd"]],
    ["webhook_url", "https://merchant.example/\u0000"],
    ["extra", { note: "\udc00" }],
    ["extra", { "\u0000": 1 }],
    ["billing_address", billingAddress({ line1: "\ud83d" })],
  ])("refuses %s %j as a field error, storing nothing", async (field, value) => {
    const before = await countRows(api.ctx, "transactions");
    expectFieldError(await api.create(minimal({ [field]: value })), [field], /NUL characters or unpaired surrogates; send valid Unicode/);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("takes well-formed text outside the Basic Multilingual Plane", async () => {
    const res = await api.create(minimal({ customer_first_name: "سارة 😀", extra: { emoji: "🎉" } }));
    expect(res.status).toBe(201);
    expect(res.body.customer_first_name).toBe("سارة 😀");
    expect(res.body.extra).toEqual({ emoji: "🎉" });
  });
});

describe("every field error in one answer", () => {
  it("a bad amount, an unknown gateway and an unknown currency are reported together, and nothing is stored", async () => {
    const before = await countRows(api.ctx, "transactions");
    const res = await api.create({ amount: "-5", currency_code: "XYZ", pg_codes: ["card", "nope"], customer_email: "not-an-email" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["amount", "currency_code", "customer_email", "pg_codes"]);
    expect(res.body.amount).toEqual(["Ensure this value is greater than 0."]);
    expect(res.body.currency_code[0]).toMatch(/^XYZ is not a configured currency\. Allowed: /);
    expect(res.body.pg_codes).toEqual(["Unknown gateway code or not allowed for you: nope."]);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("schema rules and configuration checks together, also with a required field missing and on update", async () => {
    const res = await api.create({ amount: "1.2345", pg_codes: ["nope"], notifications: { email: ["paid"] } });
    expect(res.body).toEqual({
      currency_code: ["This field is required."],
      pg_codes: ["Unknown gateway code or not allowed for you: nope."],
      customer_email: ["customer_email is required when notifications.email lists events."],
    });
    const created = await api.create(minimal());
    const patch = await api.send("PATCH", `/b/checkout/v1/pymt-txn/${created.body.session_id}`, { amount: "abc", pg_codes: ["nope"], language: "fr" });
    expect(patch.status).toBe(400);
    expect(Object.keys(patch.body).sort()).toEqual(["amount", "language", "pg_codes"]);
  });
});
