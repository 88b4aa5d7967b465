import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { startCheckoutApi } from "../support/checkout-setup";
import { httpxRequest, jsonBody, pythonJson, removeEmptyValues } from "../support/httpx-wire";
import { files } from "../support/checkout-samples";
import { CARDS, deliverReturn, payWith } from "../support/payment-flow";

// The requests the public ottu-py client (ottuco/ottu-py, on Debian's python3-httpx 0.23) sends for
// Session.create / retrieve / update, reproduced byte for byte on a raw socket:
// - paths: POST /b/checkout/v1/pymt-txn/ (with slash); GET and PATCH /b/checkout/v1/pymt-txn/{session_id}
//   (without); every request carries the Authorization header, GET included.
// - Authorization: "Api-Key <key>" (APIKeyAuth), "Basic base64(user:password)" (httpx BasicAuth), or a
//   header value given whole (BasicAuthorizationHeaderAuth).
// - JSON bodies: json.dumps with its default ", " / ": " separators and \u escapes (httpx 0.23), or compact
//   UTF-8 (httpx 0.28); fields whose value is falsy are dropped; extra keyword arguments (payment_type,
//   include_sdk_setup_preload, session_id, ... even None) are added as they are.
// - With an attachment: multipart/form-data, one part per field, lists as repeated parts (pg_codes),
//   booleans as "true", the file part named "attachment" whose filename is the path the client opened.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});

/** The payload Session.create builds, in its key order, before dropping falsy values and adding kwargs. */
function createPayload(args: Record<string, unknown>, kwargs: Record<string, unknown> = {}) {
  const order = [
    "type", "amount", "currency_code", "pg_codes", "payment_type", "customer_id", "customer_email", "customer_phone",
    "customer_first_name", "customer_last_name", "agreement", "card_acceptance_criteria", "billing_address", "due_datetime",
    "email_recipients", "expiration_time", "extra", "generate_qr_code", "language", "mode", "notifications", "order_no",
    "product_type", "redirect_url", "shopping_address", "shortify_attachment_url", "shortify_checkout_url", "vendor_name",
    "webhook_url", "include_sdk_setup_preload",
  ];
  const payload: Record<string, unknown> = Object.fromEntries(order.map((k) => [k, k === "payment_type" ? (args[k] ?? "one_off") : args[k]]));
  return { ...removeEmptyValues(payload), ...kwargs };
}

/** The payload Session.update builds (no type or payment_type), same rules. */
function updatePayload(args: Record<string, unknown>, kwargs: Record<string, unknown> = {}) {
  const order = [
    "amount", "currency_code", "pg_codes", "customer_id", "customer_email", "customer_phone", "customer_first_name",
    "customer_last_name", "billing_address", "due_datetime", "email_recipients", "expiration_time", "extra", "generate_qr_code",
    "language", "mode", "notifications", "order_no", "product_type", "redirect_url", "shopping_address", "shortify_attachment_url",
    "shortify_checkout_url", "vendor_name", "webhook_url",
  ];
  return { ...removeEmptyValues(Object.fromEntries(order.map((k) => [k, args[k]]))), ...kwargs };
}

/** httpx's multipart body: data fields (lists repeated, booleans "true"/"false"), then the files. */
function httpxMultipart(data: Record<string, unknown>, file: { path: string; content: Buffer; type: string }, boundary: string) {
  const text = (v: unknown) => (v === true ? "true" : v === false ? "false" : v === null ? "" : String(v));
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(data)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text(v)}\r\n`));
    }
  }
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.path}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return Buffer.concat(chunks);
}

/** An httpx request to the API under test (test/support/httpx-wire.ts). */
const httpx = (method: string, path: string, authorization: string, body?: { bytes: Buffer; type: string }, extra: string[][] = []) =>
  httpxRequest(api.base, method, path, authorization, body, extra);

const basicAuth = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;

describe("the reproduction", () => {
  it("writes JSON the way Python's json.dumps does", () => {
    expect(pythonJson({ a: "86.000", b: ["card", "knet"], c: { d: true, e: null } })).toBe(
      '{"a": "86.000", "b": ["card", "knet"], "c": {"d": true, "e": null}}',
    );
    expect(pythonJson({ name: "سارة" })).toBe('{"name": "\\u0633\\u0627\\u0631\\u0629"}');
    expect(pythonJson({ name: "سارة" }, "httpx-0.28")).toBe('{"name":"سارة"}');
    expect(basicAuth("clerk", "clerk-password")).toBe("Basic Y2xlcms6Y2xlcmstcGFzc3dvcmQ=");
  });

  it("builds the create payload as Session.create does: falsy values dropped, kwargs kept as given", () => {
    const payload = createPayload(
      { type: "e_commerce", amount: "86.000", currency_code: "KWD", pg_codes: ["card"], customer_email: "", customer_phone: null, generate_qr_code: false, include_sdk_setup_preload: true },
      { custom_field: null },
    );
    expect(pythonJson(payload)).toBe(
      '{"type": "e_commerce", "amount": "86.000", "currency_code": "KWD", "pg_codes": ["card"], "payment_type": "one_off", "include_sdk_setup_preload": true, "custom_field": null}',
    );
  });
});

describe("Session.create", () => {
  const args = {
    type: "e_commerce",
    amount: "86.000",
    currency_code: "KWD",
    pg_codes: ["card"],
    customer_id: "cust-42",
    customer_email: "sara@example.com",
    customer_phone: "96550000000",
    customer_first_name: "سارة",
    customer_last_name: "",
    billing_address: { line1: "Block 1", city: "Kuwait City", state: "Capital", country: "kw", postal_code: "13001" },
    email_recipients: ["ops@merchant.example"],
    expiration_time: "00:30:00",
    extra: { cart_id: "c-9" },
    generate_qr_code: false,
    language: "en",
    notifications: { email: ["paid", "failed"], sms: [] },
    redirect_url: "https://merchant.example/done",
    shortify_checkout_url: true,
    webhook_url: "https://merchant.example/hook",
    include_sdk_setup_preload: true,
  };

  it.each([
    ["APIKeyAuth", () => api.apiKey, "httpx-0.23"],
    ["BasicAuth", () => basicAuth("clerk", "clerk-password"), "httpx-0.23"],
    ["BasicAuthorizationHeaderAuth", () => `Api-Key ${api.key}`, "httpx-0.28"],
  ] as const)("creates with %s (%s JSON)", async (_auth, authorization, style) => {
    const res = await httpx("POST", "/b/checkout/v1/pymt-txn/", authorization(), jsonBody(createPayload({ ...args, order_no: `ORD-${_auth}` }), style));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      type: "e_commerce",
      amount: "86.000",
      currency_code: "KWD",
      pg_codes: ["card"],
      state: "created",
      customer_first_name: "سارة",
      customer_last_name: null,
      billing_address: { ...args.billing_address, country: "KW" },
      notifications: { email: ["paid", "failed"], sms: [] },
      order_no: `ORD-${_auth}`,
      expiration_time: "00:30:00",
    });
    expect(res.body.session_id).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.payment_methods[0]).toMatchObject({ code: "card", amount: "86.000" });
  });

  it("creates a payment_request with the smallest arguments", async () => {
    const payload = createPayload({ type: "payment_request", amount: "5", currency_code: "KWD", pg_codes: ["knet"] });
    const res = await httpx("POST", "/b/checkout/v1/pymt-txn/", api.apiKey, jsonBody(payload));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "payment_request", amount: "5.000", language: "en", mode: "payment" });
  });

  it("answers a Basic user's foreign gateway with a JSON field error ottu-py can report", async () => {
    const payload = createPayload({ type: "e_commerce", amount: "5", currency_code: "KWD", pg_codes: ["knet"] });
    const res = await httpx("POST", "/b/checkout/v1/pymt-txn/", basicAuth("clerk", "clerk-password"), jsonBody(payload));
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body.pg_codes[0]).toMatch(/not allowed for you: knet/);
  });

  it("creates with an attachment as multipart, pg_codes and email_recipients as repeated parts", async () => {
    const data = createPayload({
      type: "payment_request",
      amount: "86",
      currency_code: "KWD",
      pg_codes: ["card", "knet"],
      customer_email: "a@b.co",
      email_recipients: ["x@y.co", "z@y.co"],
      include_sdk_setup_preload: true,
    });
    const boundary = "ba1e04a7c31fa9e95d2954f59a2093f3";
    const bytes = httpxMultipart(data, { path: "/tmp/capture/invoice.pdf", content: files.pdf, type: "application/pdf" }, boundary);
    const res = await httpx("POST", "/b/checkout/v1/pymt-txn/", api.apiKey, { bytes, type: `multipart/form-data; boundary=${boundary}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ type: "payment_request", amount: "86.000", pg_codes: ["card", "knet"], email_recipients: ["x@y.co", "z@y.co"] });
    const file = await fetch(`${api.base}${new URL(res.body.attachment).pathname}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(files.pdf)).toBe(true);
  });
});

describe("Ottu.checkout(...) with every keyword argument (issue 29)", () => {
  // The attributes ottu-py's Session declares (src/ottu/session.py), set from the create answer by Session(**response).
  const SESSION_FIELDS = [
    "amount", "attachment", "attachment_short_url", "billing_address", "checkout_short_url", "checkout_url", "currency_code",
    "customer_email", "customer_first_name", "customer_last_name", "customer_id", "customer_phone", "due_datetime",
    "email_recipients", "expiration_time", "extra", "initiator_id", "language", "mode", "notifications", "operation", "order_no",
    "payment_methods", "pg_codes", "qr_code_url", "redirect_url", "session_id", "shipping_address", "state", "type",
    "vendor_name", "webhook_url",
  ];
  // initiator_id is not answered (the API's initiator is its key, not a user); ottu-py reads it as optional.
  const ELSEWHERE = ["initiator_id"];
  const address = { line1: "Block 4, Street 9", city: "Salmiya", state: "Hawalli", country: "kw", postal_code: "22001" };
  const agreement = { id: "py-full-1", amount_variability: "fixed", cycle_interval_days: 30, expiry_date: `${new Date().getUTCFullYear() + 1}-11-07`, frequency: "monthly", total_cycles: 12 };
  // Every keyword argument of Ottu.checkout (src/ottu/ottu.py) but attachment, as Session.create lays them out;
  // customer_phone_2 and customer_birthdate are not among them: they travel as **kwargs (ottu-py warns, and sends them).
  const args = {
    type: "payment_request",
    amount: "86.000",
    currency_code: "KWD",
    pg_codes: ["card", "knet"],
    payment_type: "auto_debit",
    customer_id: "py-full-customer",
    customer_email: "sara@example.com",
    customer_phone: "96550000000",
    customer_first_name: "سارة",
    customer_last_name: "Ahmad",
    agreement,
    card_acceptance_criteria: { min_expiry_time: 30 },
    billing_address: { ...address, line1: "Block 1, Street 2", city: "Kuwait City", state: "Capital", postal_code: "13001" },
    due_datetime: "07/11/2026 09:40:38",
    email_recipients: ["ops@merchant.example"],
    expiration_time: "1 00:00:00",
    extra: { cart_id: "c-9" },
    generate_qr_code: true,
    language: "ar",
    mode: "payment",
    notifications: { email: ["paid", "failed"], sms: ["paid"], whatsapp: ["created"] },
    order_no: "PY-FULL-1",
    product_type: "invoice",
    redirect_url: "https://merchant.example/done",
    shopping_address: address,
    shortify_checkout_url: true,
    vendor_name: "Main store",
    webhook_url: "https://merchant.example/hook",
    include_sdk_setup_preload: true,
  };
  const kwargs = { customer_phone_2: "+96560000000", customer_birthdate: "1990-04-21" };

  /** What the session reads back, field by field, for what was sent. */
  function expectSessionFields(body: Record<string, unknown>, sent: Record<string, unknown>) {
    const missing = SESSION_FIELDS.filter((field) => !(field in body));
    expect(missing.filter((field) => !ELSEWHERE.includes(field))).toEqual([]);
    for (const field of ["amount", "currency_code", "customer_email", "customer_first_name", "customer_id", "customer_phone", "email_recipients", "expiration_time", "language", "mode", "order_no", "pg_codes", "redirect_url", "type", "vendor_name", "webhook_url"]) {
      if (field in sent) expect(body[field], field).toEqual(sent[field]);
    }
    expect(body).toMatchObject({ state: "created", operation: "purchase", due_datetime: "2026-11-07T09:40:38.000Z" });
    expect(body.session_id).toMatch(/^[0-9a-f]{40}$/);
    expect(body.checkout_url).toContain(`session_id=${body.session_id}`);
    // Session(**response) builds PaymentMethod(**entry) for each payment method.
    expect((body.payment_methods as { code: string }[]).map((m) => m.code)).toEqual(sent.pg_codes);
  }

  it("as JSON: every argument is taken and the session gets each field back", async () => {
    const payload = createPayload(args, kwargs);
    expect(Object.keys(payload)).toEqual([...Object.keys(args), ...Object.keys(kwargs)]);
    const res = await httpx("POST", "/b/checkout/v1/pymt-txn/", api.apiKey, jsonBody(payload));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectSessionFields(res.body, args);
    expect(res.body).toMatchObject({
      customer_last_name: "Ahmad",
      payment_type: "auto_debit",
      agreement: { ...agreement, type: "recurring" },
      card_acceptance_criteria: { min_expiry_time: 30 },
      billing_address: { ...args.billing_address, country: "KW" },
      shipping_address: { ...address, country: "KW" },
      extra: { cart_id: "c-9" },
      notifications: args.notifications,
      product_type: "invoice",
      include_sdk_setup_preload: true,
      customer_phone_2: "+96560000000",
      customer_birthdate: "1990-04-21",
      attachment: null,
      settled_pg_code: null,
      checkout_short_url: expect.stringMatching(/\/b\/[0-9A-Za-z]{12}$/),
      qr_code_url: expect.stringMatching(/\/b\/checkout\/v1\/qr\/[0-9A-Za-z]{12}\.png$/),
      attachment_short_url: null,
    });
    expect(res.body).not.toHaveProperty("shopping_address");
    // Session.retrieve reads the same, but the SDK's setup, which only create adds (include_sdk_setup_preload).
    const { sdk_setup_preload_payload: preload, ...transaction } = res.body;
    expect(preload).toMatchObject({ session_id: res.body.session_id, amount: res.body.amount });
    expect((await httpx("GET", `/b/checkout/v1/pymt-txn/${res.body.session_id}`, api.apiKey)).body).toEqual(transaction);
  });

  it("with attachment: multipart with every argument httpx can put in a form (objects cannot go: httpx refuses dict values)", async () => {
    // shortify_attachment_url needs an attachment: only this call has one.
    const withFile = { ...args, payment_type: "one_off", order_no: "PY-FULL-2", shortify_attachment_url: true };
    const primitive = Object.fromEntries(Object.entries(withFile).filter(([, v]) => typeof v !== "object" || Array.isArray(v)));
    const data = createPayload(primitive, kwargs);
    const boundary = "5c0ffee0ddba11ad5c0ffee0ddba11ad";
    const bytes = httpxMultipart(data, { path: "/srv/invoices/PY-FULL-2.pdf", content: files.pdf, type: "application/pdf" }, boundary);
    const res = await httpx("POST", "/b/checkout/v1/pymt-txn/", api.apiKey, { bytes, type: `multipart/form-data; boundary=${boundary}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectSessionFields(res.body, primitive);
    expect(res.body).toMatchObject({ include_sdk_setup_preload: true, customer_phone_2: "+96560000000", customer_birthdate: "1990-04-21" });
    expect(res.body.attachment_short_url).toMatch(/\/b\/[0-9A-Za-z]{12}$/);
    const file = await fetch(`${api.base}${new URL(res.body.attachment).pathname}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(files.pdf)).toBe(true);
  });

  it("Session.update(shopping_address=..., due_datetime=...) changes them; ottu-py's fixture due date is read days first", async () => {
    const created = await httpx("POST", "/b/checkout/v1/pymt-txn/", api.apiKey, jsonBody(createPayload({ type: "e_commerce", amount: "5", currency_code: "KWD", pg_codes: ["card"] })));
    const res = await httpx(
      "PATCH",
      `/b/checkout/v1/pymt-txn/${created.body.session_id}`,
      api.apiKey,
      jsonBody(updatePayload({ shopping_address: address, due_datetime: "07/11/2023 09:40:38" })),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ shipping_address: { ...address, country: "KW" }, due_datetime: "2023-11-07T09:40:38.000Z" });
  });
});

describe("Session.retrieve and Session.update", () => {
  let sessionId: string;
  let created: Record<string, unknown>;
  beforeAll(async () => {
    const payload = createPayload({ type: "e_commerce", amount: "86.000", currency_code: "KWD", pg_codes: ["card"], customer_email: "a@b.co" });
    const res = await httpx("POST", "/b/checkout/v1/pymt-txn/", api.apiKey, jsonBody(payload));
    sessionId = res.body.session_id;
    created = res.body;
  });

  it.each([
    ["Api-Key", () => api.apiKey],
    ["Basic", () => basicAuth("clerk", "clerk-password")],
  ])("retrieves without a trailing slash, sending %s credentials it does not need", async (_name, authorization) => {
    const res = await httpx("GET", `/b/checkout/v1/pymt-txn/${sessionId}`, authorization());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
  });

  it("updates with a JSON PATCH without a trailing slash", async () => {
    const res = await httpx("PATCH", `/b/checkout/v1/pymt-txn/${sessionId}`, api.apiKey, jsonBody(updatePayload({ amount: "90", customer_first_name: "Sara", customer_email: "" })));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ session_id: sessionId, amount: "90.000", customer_first_name: "Sara", customer_email: "a@b.co" });
    expect(res.body.payment_methods[0].amount).toBe("90.000");
  });

  it("updates with a PATCH body carrying session_id and None keyword arguments", async () => {
    const payload = updatePayload({ amount: "91" }, { session_id: sessionId, foo: null });
    expect(pythonJson(payload)).toBe(`{"amount": "91", "session_id": "${sessionId}", "foo": null}`);
    const res = await httpx("PATCH", `/b/checkout/v1/pymt-txn/${sessionId}`, basicAuth("clerk", "clerk-password"), jsonBody(payload));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ session_id: sessionId, amount: "91.000" });
  });

  it("updates with a multipart PATCH carrying an attachment", async () => {
    const boundary = "db34f440d2a9478aae1c2c402ce56172";
    const bytes = httpxMultipart(updatePayload({ amount: "87", pg_codes: ["card"] }), { path: "docs/scan.png", content: files.png, type: "image/png" }, boundary);
    const res = await httpx("PATCH", `/b/checkout/v1/pymt-txn/${sessionId}`, api.apiKey, { bytes, type: `multipart/form-data; boundary=${boundary}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.amount).toBe("87.000");
    expect(res.body.attachment).toMatch(/\/b\/checkout\/v1\/attachments\/[0-9a-f]{40}$/);
  });

  it("answers an update of a paid transaction with a JSON 409", async () => {
    await api.ctx.db.updateTable("transactions").set({ state: "paid" }).where("session_id", "=", sessionId).execute();
    const res = await httpx("PATCH", `/b/checkout/v1/pymt-txn/${sessionId}`, api.apiKey, jsonBody(updatePayload({ amount: "92" })));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: expect.stringMatching(/paid/) });
  });
});

describe("Session.refund / capture / void / cancel / expire / delete / psq", () => {
  /** Session.ops: session_id, order_no, operation, amount (falsy ones dropped), and Tracking-Key when given. */
  const ops = (operation: string, args: { session_id?: string; order_id?: string; amount?: string; tracking_key?: string }) =>
    httpx(
      "POST",
      "/b/pbl/v2/operation/",
      api.apiKey,
      jsonBody(removeEmptyValues({ session_id: args.session_id, order_no: args.order_id, operation, amount: args.amount })),
      args.tracking_key ? [["Tracking-Key", args.tracking_key]] : [],
    );
  const psq = (args: { session_id?: string; order_id?: string }) =>
    httpx("POST", "/b/pbl/v2/inquiry/", api.apiKey, jsonBody(removeEmptyValues({ session_id: args.session_id, order_no: args.order_id })));

  async function paidSession(pgCode: string, orderNo: string) {
    const created = await httpx("POST", "/b/checkout/v1/pymt-txn/", api.apiKey, jsonBody(createPayload({ type: "e_commerce", amount: "10.000", currency_code: "KWD", pg_codes: [pgCode], order_no: orderNo })));
    const sessionId = created.body.session_id as string;
    const { next } = await payWith(api.ctx, sessionId, CARDS.approve, { code: pgCode });
    await deliverReturn(api.ctx, next);
    return sessionId;
  }

  it("refund with and without tracking_key, then psq", async () => {
    const sessionId = await paidSession("card", "PY-OPS-1");
    const first = await ops("refund", { session_id: sessionId, amount: "2.000", tracking_key: "py-refund-1" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ result: "success", amount: "2.000", txn: { refunded_amount: "2.000" } });
    const again = await ops("refund", { session_id: sessionId, amount: "2.000", tracking_key: "py-refund-1" });
    expect(again.body).toEqual(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((await ops("refund", { order_id: "PY-OPS-1" })).body).toMatchObject({ amount: "8.000", txn: { state: "refunded" } });
    expect((await psq({ order_id: "PY-OPS-1" })).body).toMatchObject({ session_id: sessionId, state: "refunded", refunded_amount: "10.000" });
  });

  it("capture and void of authorizations", async () => {
    const captured = await paidSession("card-auth", "PY-OPS-2");
    expect((await ops("capture", { session_id: captured, amount: "5", tracking_key: "py-capture" })).body).toMatchObject({ txn: { state: "captured", captured_amount: "5.000" } });
    const voided = await paidSession("card-auth", "PY-OPS-3");
    expect((await ops("void", { session_id: voided })).body).toMatchObject({ txn: { state: "voided", voided_amount: "10.000" } });
  });

  it("cancel, expire and delete answer with the new state", async () => {
    const create = () => httpx("POST", "/b/checkout/v1/pymt-txn/", api.apiKey, jsonBody(createPayload({ type: "e_commerce", amount: "3.000", currency_code: "KWD", pg_codes: ["card"] })));
    const a = (await create()).body.session_id;
    expect((await ops("cancel", { session_id: a })).body).toEqual({ detail: "Success", operation: "cancel", result: "success", session_id: a, state: "canceled" });
    const b = (await create()).body.session_id;
    expect((await ops("expire", { session_id: b })).body).toMatchObject({ state: "expired" });
    expect((await ops("delete", { session_id: b })).status).toBe(200);
    expect((await httpx("GET", `/b/checkout/v1/pymt-txn/${b}`, api.apiKey)).status).toBe(404);
  });
});

describe("Session.auto_debit and Ottu.auto_debit_autoflow", () => {
  const AGREEMENT = {
    id: "test-agreement-id",
    amount_variability: "fixed",
    cycle_interval_days: 30,
    expiry_date: `${new Date().getUTCFullYear() + 1}-11-07`,
    frequency: "monthly",
    total_cycles: 12,
  };
  const customer = "test-customer-jpg";

  /** The first payment, with the customer on the hosted page: the card is saved under the agreement. */
  async function setUpAgreement() {
    const created = await httpx(
      "POST",
      "/b/checkout/v1/pymt-txn/",
      api.apiKey,
      jsonBody(createPayload({ type: "payment_request", amount: "12.34", currency_code: "KWD", pg_codes: ["card"], payment_type: "auto_debit", customer_id: customer, agreement: AGREEMENT })),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ payment_type: "auto_debit", agreement: { ...AGREEMENT, type: "recurring" } });
    await deliverReturn(api.ctx, (await payWith(api.ctx, created.body.session_id, CARDS.approve)).next);
    // Card.get(customer_id, agreement_id): the first card of the bare list.
    const cards = await httpx("POST", "/b/pbl/v2/card/", api.apiKey, jsonBody(removeEmptyValues({ type: "sandbox", customer_id: customer, pg_codes: null, agreement_id: AGREEMENT.id })));
    expect(cards.status).toBe(200);
    expect(cards.body[0].agreements).toEqual([AGREEMENT.id]);
    // The merchant charges a cycle (30 days) after this first payment.
    await api.ctx.db
      .updateTable("card_agreements")
      .set({ last_charge_at: sql<Date>`last_charge_at - interval '30 days'` })
      .where("customer_id", "=", customer)
      .where("agreement_id", "=", AGREEMENT.id)
      .execute();
    return cards.body[0].token as string;
  }

  it("auto_debit(token, session_id) charges the card saved under the agreement", async () => {
    const token = await setUpAgreement();
    const next = await httpx(
      "POST",
      "/b/checkout/v1/pymt-txn/",
      api.apiKey,
      jsonBody(createPayload({ type: "payment_request", amount: "12.34", currency_code: "KWD", pg_codes: ["card"], payment_type: "auto_debit", customer_id: customer, agreement: AGREEMENT })),
    );
    const res = await httpx("POST", "/b/pbl/v2/auto-debit/", api.apiKey, jsonBody({ session_id: next.body.session_id, token }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ result: "success", state: "paid", payment_type: "auto_debit", customer_id: customer, amount: "12.340", session_id: next.body.session_id });
  });

  it("auto_debit_autoflow: payment methods that save cards, then create (every such gateway, mixed operations), then auto_debit", async () => {
    const token = await setUpAgreement();
    // Session.get_auto_debit_pg_codes → Ottu.get_payment_methods(plugin, currencies=[currency], tokenizable=True)
    const methods = await httpx(
      "POST",
      "/b/pbl/v2/payment-methods/",
      api.apiKey,
      jsonBody(removeEmptyValues({ plugin: "payment_request", currencies: ["KWD"], customer_id: null, operation: null, tokenizable: true, pg_names: null, type: "sandbox" })),
    );
    expect(methods.status).toBe(200);
    const pgCodes = methods.body.payment_methods.map((m: { code: string }) => m.code);
    expect(pgCodes).toEqual(expect.arrayContaining(["card", "card-auth"]));
    // Session.create(payment_type="auto_debit", ...) with checkout_extra_args spread as keyword arguments
    const created = await httpx(
      "POST",
      "/b/checkout/v1/pymt-txn/",
      api.apiKey,
      jsonBody(createPayload({ type: "payment_request", amount: "12.34", currency_code: "KWD", pg_codes: pgCodes, payment_type: "auto_debit", customer_id: customer, agreement: AGREEMENT, order_no: "AUTO-2" })),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await httpx("POST", "/b/pbl/v2/auto-debit/", api.apiKey, jsonBody({ session_id: created.body.session_id, token }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The card's gateway (a purchase one) decides: paid, not authorized.
    expect(res.body).toMatchObject({ result: "success", state: "paid", operation: "purchase", gateway_account: "card", order_no: "AUTO-2" });
  });

  it("answers ottu-py's fixture agreement (no type, an expiry date in the past) with field errors", async () => {
    const res = await httpx(
      "POST",
      "/b/checkout/v1/pymt-txn/",
      api.apiKey,
      jsonBody(createPayload({ type: "payment_request", amount: "12.34", currency_code: "KWD", pg_codes: ["card"], payment_type: "auto_debit", customer_id: customer, agreement: { ...AGREEMENT, expiry_date: "2023-11-07" } })),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ agreement: { expiry_date: ["The agreement's expiry date has passed."] } });
  });
});
