import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { startCheckoutApi } from "./support/checkout-setup";
import { files } from "./support/checkout-samples";
import { CARDS, deliverReturn, payWith } from "./support/payment-flow";

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

const HTTPX_HEADERS = (host: string) => [
  ["Host", host],
  ["Accept", "*/*"],
  ["Accept-Encoding", "gzip, deflate"],
  ["Connection", "keep-alive"],
  ["User-Agent", "python-httpx/0.23.3"],
];

/** What Python's json.dumps writes: default separators and ASCII escapes, or httpx 0.28's compact UTF-8. */
function pythonJson(value: unknown, style: "httpx-0.23" | "httpx-0.28" = "httpx-0.23"): string {
  const [item, key] = style === "httpx-0.23" ? [", ", ": "] : [",", ":"];
  const str = (s: string) => {
    const json = JSON.stringify(s);
    return style === "httpx-0.23" ? json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : json;
  };
  const dump = (v: unknown): string => {
    if (v === null || v === undefined) return "null";
    if (typeof v === "string") return str(v);
    if (typeof v === "number" || typeof v === "boolean") return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map(dump).join(item)}]`;
    return `{${Object.entries(v).map(([k, x]) => `${str(k)}${key}${dump(x)}`).join(item)}}`;
  };
  return dump(value);
}

/** ottu-py's remove_empty_values: keeps the keys whose value is truthy in Python. */
const removeEmptyValues = (payload: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(payload).filter(
      ([, v]) => !(v === null || v === undefined || v === false || v === 0 || v === "" || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && Object.keys(v as object).length === 0)),
    ),
  );

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

interface Wire {
  status: number;
  headers: Record<string, string>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Writes the exact request bytes on a socket and reads one HTTP/1.1 response (Content-Length or chunked). */
function sendRaw(request: Buffer): Promise<Wire> {
  const { hostname, port } = new URL(api.base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let buffer = Buffer.alloc(0);
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      const rest = buffer.subarray(end + 4);
      let body: Buffer | null = null;
      if (headers["content-length"] !== undefined) {
        if (rest.length >= Number(headers["content-length"])) body = rest.subarray(0, Number(headers["content-length"]));
      } else if (headers["transfer-encoding"] === "chunked") {
        const parts: Buffer[] = [];
        let at = 0;
        for (;;) {
          const lineEnd = rest.indexOf("\r\n", at);
          if (lineEnd < 0) break;
          const size = parseInt(rest.subarray(at, lineEnd).toString(), 16);
          if (size === 0) {
            body = Buffer.concat(parts);
            break;
          }
          if (rest.length < lineEnd + 2 + size + 2) break;
          parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
          at = lineEnd + 2 + size + 2;
        }
      }
      if (body === null) return;
      socket.end();
      const text = body.toString("utf8");
      resolve({ status: Number(statusLine!.split(" ")[1]), headers, body: text ? JSON.parse(text) : null });
    });
  });
}

/** An httpx request: its request line, default headers, then the body headers and Authorization in its order. */
function httpx(method: string, path: string, authorization: string, body?: { bytes: Buffer; type: string }, extra: string[][] = []) {
  const { host } = new URL(api.base);
  const headers = [
    ...HTTPX_HEADERS(host),
    ...extra,
    ...(body ? [["Content-Length", String(body.bytes.length)], ["Content-Type", body.type]] : []),
    ["Authorization", authorization],
  ];
  const head = `${method} ${path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n`;
  return sendRaw(Buffer.concat([Buffer.from(head, "latin1"), body?.bytes ?? Buffer.alloc(0)]));
}

const jsonBody = (payload: unknown, style?: "httpx-0.23" | "httpx-0.28") => ({ bytes: Buffer.from(pythonJson(payload, style), "utf8"), type: "application/json" });
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
