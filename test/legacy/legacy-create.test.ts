import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { legacyAnswerSchema } from "@/lib/legacy/legacy-answer";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { call, countRows, expectDetail, files, multipart } from "../support/checkout-samples";
import { createUser, basicAuth } from "../support/factories";
import { EC, PATHS, PR, eCommerce, paymentRequest, startLegacyApi } from "../support/legacy-api";

// POST /pos/crt/ and /pos/d/crt/ over HTTP against a real database: both variants on the four paths, JSON, form
// and multipart bodies as old shop plugins send them, the stored transaction (docs/legacy/create.md),
// the admin's defaults, credentials, and nothing stored on a refusal.

let api: Awaited<ReturnType<typeof startLegacyApi>>;
beforeAll(async () => {
  api = await startLegacyApi();
});
beforeEach(async () => {
  await updateSettings({
    ctx: api.ctx,
    input: { defaultRedirectUrl: "https://shop.example/return", defaultDisclosureUrl: "https://shop.example/disclosure", defaultAddress: null },
  });
});

const page = (sessionId: string) => `http://localhost:9/b/checkout/redirect/start/?session_id=${sessionId}`;

describe("the four paths", () => {
  it.each(PATHS)("%s creates a %s by default, answering the legacy 201", async (path, variant) => {
    const body = variant === "e_commerce" ? eCommerce({ order_no: `P-${path}` }) : paymentRequest(api.initiatorId, { order_no: `P-${path}` });
    const res = await api.postJson(path, body);
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    legacyAnswerSchema.parse(res.body);
    const sessionId = res.body.session_id as string;
    expect(sessionId).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body).toEqual({
      session_id: sessionId,
      reference_number: null,
      order_no: `P-${path}`,
      amount: "10.000",
      currency_code: "KWD",
      state: "created",
      url: page(sessionId),
      payment_url: page(sessionId),
      checkout_url: page(sessionId),
    });
    const row = await api.row(sessionId);
    expect(row).toMatchObject({ interface: "legacy", type: variant, state: "created", webhook_url: null });
    expect(row.legacy).toMatchObject({ variant });
  });

  it.each([
    [EC, "payment_request"],
    ["/pos/crt", "PAYMENT_REQUEST"],
    [PR, "e_commerce"],
    ["/pos/d/crt", " E_Commerce "],
  ])("%s with type %j follows the type", async (path, type) => {
    const variant = type.trim().toLowerCase();
    const body = variant === "e_commerce" ? eCommerce({ type }) : paymentRequest(api.initiatorId, { type });
    const res = await api.postJson(path, body);
    expect(res.status, res.text).toBe(201);
    expect((await api.row(res.body.session_id)).type).toBe(variant);
  });

  it("refuses an unknown type with the allowed ones, storing nothing", async () => {
    const before = await countRows(api.ctx, "transactions");
    const res = await api.postJson(EC, eCommerce({ type: "commerce-ish" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ type: ["Allowed types: e_commerce, payment_request."] });
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it.each(["GET", "PUT", "PATCH", "DELETE"])("answers %s with 405 and Allow: POST on every path", async (method) => {
    for (const [path] of PATHS) {
      const res = await call(api.base, method, path, { headers: { authorization: api.apiKey } });
      expectDetail(res, 405, new RegExp(`Method "${method}" not allowed`));
      expect(res.headers.get("allow")).toBe("POST");
    }
  });
});

describe("an e-commerce transaction as old shop plugins post it", () => {
  it("a form body with every field, string booleans and initiator as a string: stored as the contract says", async () => {
    const res = await api.postForm("/pos/crt", {
      amount: "86.5",
      currency_code: "kwd",
      gateway_code: "knet",
      language: "AR",
      order_no: "WC-1001",
      email_notification: "True",
      sms_notification: "0",
      email_payment_details: "on",
      sms_payment_details: "NO",
      customer_email: "sara@example.com",
      customer_phone: "+96550000000",
      customer_first_name: "Sara",
      customer_last_name: "Ahmad",
      full_name: "Sara Ahmad",
      customer_address_line1: "Block 1, Street 2",
      customer_address_line2: "House 3",
      customer_address_city: "Kuwait City",
      customer_address_state: "Capital",
      customer_address_country: "kw",
      customer_address_postal_code: "13001",
      vendor_name: "Main store",
      email_recipients: "ops@shop.example, owner@shop.example",
      product_type: "goods",
      redirect_url: "https://shop.example/wc/return",
      disclosure_url: "https://shop.example/wc/disclosure",
      capture_address: "yes",
      capture_delivery: "FALSE",
      extra: '{"cart_id":"c-9","coupon":"EID"}',
      initiator: "7",
      unknown_field: "ignored",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ order_no: "WC-1001", amount: "86.500", currency_code: "KWD", state: "created" });
    const row = await api.row(res.body.session_id);
    expect(row).toMatchObject({
      interface: "legacy",
      type: "e_commerce",
      mode: "payment",
      operation: "authorize",
      amount: "86.500000",
      currency_code: "KWD",
      language: "ar",
      order_no: "WC-1001",
      pg_codes: ["knet"],
      customer_first_name: "Sara",
      customer_last_name: "Ahmad",
      customer_email: "sara@example.com",
      customer_phone: "+96550000000",
      billing_address: { line1: "Block 1, Street 2", line2: "House 3", city: "Kuwait City", state: "Capital", country: "KW", postal_code: "13001" },
      redirect_url: "https://shop.example/wc/return",
      disclosure_url: "https://shop.example/wc/disclosure",
      webhook_url: null,
      vendor_name: "Main store",
      product_type: "goods",
      email_recipients: ["ops@shop.example", "owner@shop.example"],
      extra: { cart_id: "c-9", coupon: "EID" },
      notifications: { email: ["created", "paid", "authorized", "failed", "canceled"], sms: [] },
      attachment_id: null,
      created_by_api_key_id: expect.any(String),
      created_by_user_id: null,
    });
    expect(row.legacy).toEqual({
      variant: "e_commerce",
      full_name: "Sara Ahmad",
      initiator: "7",
      capture_address: true,
      capture_delivery: false,
      flags: { email_notification: true, sms_notification: false, email_payment_details: true, sms_payment_details: false },
    });
    expect(Object.keys(row)).not.toContain("unknown_field");
  });

  it("the smallest request: the page options and flags off, the admin's URLs, no address", async () => {
    const res = await api.postJson(EC, eCommerce());
    const row = await api.row(res.body.session_id);
    expect(row).toMatchObject({
      redirect_url: "https://shop.example/return",
      disclosure_url: "https://shop.example/disclosure",
      billing_address: null,
      notifications: { email: [], sms: [] },
      language: "en",
      extra: {},
      email_recipients: [],
      operation: "purchase",
    });
    expect(row.legacy).toEqual({
      variant: "e_commerce",
      capture_address: false,
      capture_delivery: false,
      flags: { email_notification: false, sms_notification: false, email_payment_details: false, sms_payment_details: false },
    });
  });

  it("extra as nested form fields and as a JSON object; amount as a JSON number", async () => {
    const form = await api.postForm(EC, { amount: "5", currency_code: "KWD", gateway_code: "card", "extra[cart]": "c-1", "extra[step]": "2" });
    expect((await api.row(form.body.session_id)).extra).toEqual({ cart: "c-1", step: "2" });
    const json = await api.postJson(EC, eCommerce({ amount: 12.25, currency_code: "USD", extra: { cart: "c-2", items: [1, 2] } }));
    expect(json.body).toMatchObject({ amount: "12.25", currency_code: "USD" });
    expect((await api.row(json.body.session_id)).extra).toEqual({ cart: "c-2", items: [1, 2] });
  });

  it("the transaction reads back on the checkout interface like any other", async () => {
    const res = await api.postJson(EC, eCommerce({ order_no: "READ-1", customer_email: "sara@example.com" }));
    const read = await call(api.base, "GET", `/b/checkout/v1/pymt-txn/${res.body.session_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ session_id: res.body.session_id, type: "e_commerce", state: "created", order_no: "READ-1", checkout_url: page(res.body.session_id) });
  });
});

describe("a payment request", () => {
  it("as a multipart body with an attachment, an initiator and no gateway_code: every gateway the caller may use that takes the currency", async () => {
    const { body, contentType } = multipart([
      { name: "amount", value: "25" },
      { name: "currency_code", value: "KWD" },
      { name: "customer_email", value: "sara@example.com" },
      { name: "initiator", value: api.initiatorId },
      { name: "customer_address_country", value: "State of Kuwait" },
      { name: "sms_notification", value: "1" },
      { name: "customer_phone", value: "96550000000" },
      { name: "attachment", filename: "invoice.pdf", contentType: "application/pdf", content: files.pdf },
    ]);
    const res = await call(api.base, "POST", "/pos/d/crt", { body, headers: { "content-type": contentType, authorization: api.apiKey } });
    expect(res.status, res.text).toBe(201);
    const row = await api.row(res.body.session_id);
    expect(row).toMatchObject({
      type: "payment_request",
      pg_codes: ["card", "knet"],
      billing_address: { country: "State of Kuwait" },
      notifications: { email: [], sms: ["created"] },
    });
    expect(row.legacy).toEqual({
      variant: "payment_request",
      initiator: api.initiatorId,
      flags: { email_notification: false, sms_notification: true, email_payment_details: false, sms_payment_details: false },
    });
    const attachment = await api.ctx.db.selectFrom("attachments").selectAll().where("id", "=", row.attachment_id!).executeTakeFirstOrThrow();
    expect(attachment).toMatchObject({ file_name: "invoice.pdf", content_type: "application/pdf" });
    expect(attachment.content.equals(files.pdf)).toBe(true);
  });

  it("for a Basic user, only the user's gateways; USD only where it is taken", async () => {
    const clerk = await api.postJson(PR, paymentRequest(api.initiatorId), { authorization: api.basic });
    expect(clerk.status, clerk.text).toBe(201);
    const row = await api.row(clerk.body.session_id);
    expect(row.pg_codes).toEqual(["card"]);
    expect(row.created_by_user_id).toEqual(expect.any(String));
    const usd = await api.postJson(PR, paymentRequest(api.initiatorId, { currency_code: "USD" }));
    expect((await api.row(usd.body.session_id)).pg_codes).toEqual(["card", "usd-only"]);
  });

  it("refuses a currency no usable gateway takes, naming gateway_code", async () => {
    const res = await api.postJson(PR, paymentRequest(api.initiatorId, { currency_code: "JPY", amount: "100" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ gateway_code: ["No gateway you may use takes JPY: send the gateway_code of one that does."] });
  });

  it("ignores the fields the table does not list for payment requests (an attachment is e-commerce's too: ignored there)", async () => {
    const pr = await api.postJson(PR, paymentRequest(api.initiatorId, { product_type: "goods", extra: { a: 1 }, capture_address: true }));
    expect(pr.status, pr.text).toBe(201);
    const row = await api.row(pr.body.session_id);
    expect(row).toMatchObject({ product_type: null, extra: {} });
    expect(row.legacy).not.toHaveProperty("capture_address");

    const { body, contentType } = multipart([
      ...Object.entries(eCommerce()).map(([name, value]) => ({ name, value })),
      { name: "attachment", filename: "x.pdf", contentType: "application/pdf", content: files.pdf },
    ]);
    const ec = await call(api.base, "POST", EC, { body, headers: { "content-type": contentType, authorization: api.apiKey } });
    expect(ec.status, ec.text).toBe(201);
    expect((await api.row(ec.body.session_id)).attachment_id).toBeNull();
  });
});

describe("initiator", () => {
  it.each([
    ["missing", undefined, "This field is required."],
    ["not a number", "admin", "Enter the id of an active admin user: a whole number."],
    ["a fraction", 1.5, "Enter the id of an active admin user: a whole number."],
    ["no such user", "987654", "No active admin user has the id 987654."],
  ])("a payment request whose initiator is %s is refused", async (_, initiator, message) => {
    const before = await countRows(api.ctx, "transactions");
    const body = paymentRequest(api.initiatorId, { initiator });
    const res = await api.postJson(PR, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ initiator: [message] });
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("a disabled user initiates nothing; a numeric id works as a JSON number", async () => {
    const res = await api.postJson(PR, paymentRequest(api.disabledId));
    expect(res.body).toEqual({ initiator: [`No active admin user has the id ${api.disabledId}.`] });
    const ok = await api.postJson(PR, paymentRequest(api.initiatorId, { initiator: Number(api.initiatorId) }));
    expect(ok.status, ok.text).toBe(201);
    expect((await api.row(ok.body.session_id)).legacy).toMatchObject({ initiator: api.initiatorId });
  });

  it("e-commerce bodies may carry any initiator (old plugins send one): stored as a string, not checked", async () => {
    const res = await api.postJson(EC, eCommerce({ initiator: 987654 }));
    expect(res.status, res.text).toBe(201);
    expect((await api.row(res.body.session_id)).legacy).toMatchObject({ initiator: "987654" });
  });
});

describe("the admin's defaults", () => {
  it("fills each missing address field from the default address, the request's own fields winning", async () => {
    await updateSettings({
      ctx: api.ctx,
      input: { defaultAddress: { line1: "Default line", city: "Hawalli", state: "Hawalli", country: "KW", postal_code: "32001" } },
    });
    const res = await api.postJson(EC, eCommerce({ customer_address_city: "Salmiya", customer_address_line2: "Floor 2" }));
    expect((await api.row(res.body.session_id)).billing_address).toEqual({
      line1: "Default line",
      line2: "Floor 2",
      city: "Salmiya",
      state: "Hawalli",
      country: "KW",
      postal_code: "32001",
    });
  });

  it("keeps the address fields given, and only those, when there is no default address", async () => {
    const res = await api.postJson(PR, paymentRequest(api.initiatorId, { customer_address_city: "Salmiya", customer_address_postal_code: 22001 }));
    expect((await api.row(res.body.session_id)).billing_address).toEqual({ city: "Salmiya", postal_code: "22001" });
  });

  it("requires redirect_url and disclosure_url in e-commerce when the admin has no default, naming the setting", async () => {
    await updateSettings({ ctx: api.ctx, input: { defaultRedirectUrl: null, defaultDisclosureUrl: null } });
    const before = await countRows(api.ctx, "transactions");
    const res = await api.postJson(EC, eCommerce());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      redirect_url: ["This field is required: the admin settings have no default redirect URL."],
      disclosure_url: ["This field is required: the admin settings have no default disclosure URL."],
    });
    expect(await countRows(api.ctx, "transactions")).toBe(before);
    const given = await api.postJson(EC, eCommerce({ redirect_url: "http://127.0.0.1:8080/back", disclosure_url: "http://127.0.0.1:8080/result" }));
    expect(given.status, given.text).toBe(201);
    expect(await api.row(given.body.session_id)).toMatchObject({ redirect_url: "http://127.0.0.1:8080/back", disclosure_url: "http://127.0.0.1:8080/result" });
  });

  it("creates a payment request without either URL when the admin has no default (the table: optional): no result is posted", async () => {
    await updateSettings({ ctx: api.ctx, input: { defaultRedirectUrl: null, defaultDisclosureUrl: null } });
    const res = await api.postJson(PR, paymentRequest(api.initiatorId));
    expect(res.status, res.text).toBe(201);
    expect(await api.row(res.body.session_id)).toMatchObject({ redirect_url: null, disclosure_url: null });
  });
});

describe("the multi-step checkout setting", () => {
  it("makes capture_address and capture_delivery required in e-commerce requests only", async () => {
    await updateSettings({ ctx: api.ctx, input: { legacyMultiStepCheckout: true } });
    try {
      const missing = await api.postJson(EC, eCommerce());
      const message = "This field is required while the multi-step checkout is on: send true or false.";
      expect(missing.body).toEqual({ capture_address: [message], capture_delivery: [message] });
      const oneMissing = await api.postForm(EC, { ...eCommerce(), capture_address: "off" });
      expect(oneMissing.body).toEqual({ capture_delivery: [message] });
      const both = await api.postForm(EC, { ...eCommerce(), capture_address: "off", capture_delivery: "On" });
      expect(both.status, both.text).toBe(201);
      expect((await api.row(both.body.session_id)).legacy).toMatchObject({ capture_address: false, capture_delivery: true });
      const request = await api.postJson(PR, paymentRequest(api.initiatorId));
      expect(request.status, request.text).toBe(201);
    } finally {
      await updateSettings({ ctx: api.ctx, input: { legacyMultiStepCheckout: false } });
    }
  });
});

describe("credentials", () => {
  it("refuses a request without credentials (no allowed addresses by default) or with wrong ones: 401, nothing stored", async () => {
    const before = await countRows(api.ctx, "transactions");
    const attempts: Record<string, string>[] = [{}, { authorization: "Api-Key nope" }, { authorization: basicAuth("clerk", "wrong-password") }];
    for (const headers of attempts) {
      const res = await api.postJson(EC, eCommerce(), headers);
      expectDetail(res, 401);
      expect(res.headers.get("www-authenticate")).toBe('Api-Key realm="api"');
    }
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("limits a Basic user to the user's gateway codes, and to users with the create permission", async () => {
    const other = await api.postJson(EC, eCommerce({ gateway_code: "knet" }), { authorization: api.basic });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ gateway_code: ["Unknown gateway code or not allowed for you: knet."] });
    const own = await api.postJson(EC, eCommerce({ gateway_code: "card" }), { authorization: api.basic });
    expect(own.status, own.text).toBe(201);

    const reader = await createUser(api.ctx, { gatewayCodes: ["card"], permissions: ["inquiry"] });
    const forbidden = await api.postJson(EC, eCommerce(), { authorization: basicAuth(reader.username, reader.password) });
    expectDetail(forbidden, 403, /permission to create/);
  });
});

describe("addresses allowed without credentials", () => {
  const allow = (networks: string[]) => updateSettings({ ctx: api.ctx, input: { legacyAllowedNetworks: networks } });

  it("lets an allowed address in without credentials, with every gateway code; any other address gets 401", async () => {
    await allow(["10.0.0.0/8", "127.0.0.0/8"]);
    try {
      const ec = await api.postForm(EC, { ...eCommerce({ gateway_code: "knet" }), order_no: "CIDR-1" }, {});
      expect(ec.status, ec.text).toBe(201);
      expect(await api.row(ec.body.session_id)).toMatchObject({ pg_codes: ["knet"], created_by_api_key_id: null, created_by_user_id: null });
      const event = await api.ctx.db.selectFrom("transaction_events").select("data").where("session_id", "=", ec.body.session_id).executeTakeFirstOrThrow();
      expect(event.data).toEqual({ actor: "allowed_address:127.0.0.1" });
      const pr = await api.postJson(PR, paymentRequest(api.initiatorId), {});
      expect((await api.row(pr.body.session_id)).pg_codes).toEqual(["card", "knet"]);

      // Credentials, when sent, decide: wrong ones are refused even from an allowed address.
      expectDetail(await api.postJson(EC, eCommerce(), { authorization: "Api-Key wrong" }), 401);

      await allow(["10.0.0.0/8", "2001:db8::/32"]);
      const before = await countRows(api.ctx, "transactions");
      expectDetail(await api.postJson(EC, eCommerce(), {}), 401, /credentials were not provided/);
      expect(await countRows(api.ctx, "transactions")).toBe(before);
    } finally {
      await allow([]);
    }
  });

  it("matches IPv6 networks and IPv4 clients seen as IPv4-mapped IPv6 (the address Next.js passes on)", async () => {
    const { POST } = await import("@/app/pos/crt/route");
    const from = (ip: string) =>
      POST(
        new Request("http://localhost/pos/crt/", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: JSON.stringify(eCommerce()),
        }),
        { params: Promise.resolve({}) },
      );
    await allow(["2001:db8::/32", "192.0.2.7"]);
    try {
      expect((await from("2001:db8::1")).status).toBe(201);
      expect((await from("2001:DB8:0:0:0:0:0:beef")).status).toBe(201);
      expect((await from("::ffff:192.0.2.7")).status).toBe(201);
      expect((await from("192.0.2.7")).status).toBe(201);
      expect((await from("2001:db9::1")).status).toBe(401);
      expect((await from("192.0.2.8")).status).toBe(401);
      expect((await from("not-an-address")).status).toBe(401);
    } finally {
      await allow([]);
    }
  });
});

describe("nothing stored on a refusal", () => {
  it("lists every field error at once and stores nothing: no transaction, event, attachment or job", async () => {
    const count = async () => ({
      transactions: await countRows(api.ctx, "transactions"),
      events: await countRows(api.ctx, "transaction_events"),
      attachments: await countRows(api.ctx, "attachments"),
    });
    const before = await count();
    const { body, contentType } = multipart([
      { name: "amount", value: "-1" },
      { name: "currency_code", value: "KWD" },
      { name: "customer_email", value: "not-an-email" },
      { name: "initiator", value: "987654" },
      { name: "email_payment_details", value: "maybe" },
      { name: "attachment", filename: "invoice.pdf", contentType: "application/pdf", content: files.pdf },
    ]);
    const res = await call(api.base, "POST", PR, { body, headers: { "content-type": contentType, authorization: api.apiKey } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      amount: ["Ensure this value is greater than 0."],
      customer_email: ["Enter a valid email address."],
      email_payment_details: ["Must be a boolean: true or false."],
      initiator: ["No active admin user has the id 987654."],
    });
    expect(await count()).toEqual(before);
  });

  it("a taken order_no is a field error", async () => {
    expect((await api.postJson(EC, eCommerce({ order_no: "TAKEN-1" }))).status).toBe(201);
    const again = await api.postJson(PR, paymentRequest(api.initiatorId, { order_no: "TAKEN-1" }));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ order_no: ["A live transaction with this order_no already exists; order numbers must be unique."] });
  });

  it("an unknown gateway, a currency the gateway does not take, a currency not configured", async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ gateway_code: "nope" }, { gateway_code: ["Unknown gateway code or not allowed for you: nope."] }],
      [{ gateway_code: "knet", currency_code: "USD" }, { gateway_code: ["Gateway knet does not accept USD; it accepts KWD."] }],
      [{ currency_code: "GBP" }, { currency_code: ["GBP is not a configured currency. Allowed: JPY, KWD, USD."] }],
      [{ amount: "1.2345" }, { amount: ["Ensure that there are no more than 3 decimal places for KWD."] }],
    ];
    const before = await countRows(api.ctx, "transactions");
    for (const [override, errors] of cases) {
      const res = await api.postJson(EC, eCommerce(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("an unparsable body, an unsupported content type", async () => {
    expectDetail(await call(api.base, "POST", EC, { body: "{nope", headers: { "content-type": "application/json", authorization: api.apiKey } }), 400);
    expectDetail(await call(api.base, "POST", EC, { body: "x", headers: { "content-type": "text/plain", authorization: api.apiKey } }), 415);
  });
});
