import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { startCheckoutApi } from "../support/checkout-setup";
import { billingAddress, countRows, files, minimal, setState, txnPath } from "../support/checkout-samples";
import { timeoutMs } from "../support/test-timeouts";

// Property: whatever body, content type, credentials and Idempotency-Key are thrown at create and PATCH, the
// answer is never a 5xx, always a JSON object, and a refused request stores no transaction.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
let live: string;
let paid: string;
beforeAll(async () => {
  api = await startCheckoutApi();
  live = (await api.create(minimal({ customer_email: "a@b.co" }))).body.session_id;
  paid = (await api.create(minimal())).body.session_id;
  await setState(api.ctx, paid, "paid");
});

const FIELDS = [
  "type", "amount", "currency_code", "mode", "pg_codes", "webhook_url", "redirect_url", "customer_id", "customer_first_name",
  "customer_last_name", "customer_email", "customer_phone", "billing_address", "order_no", "notifications", "vendor_name",
  "expiration_time", "email_recipients", "extra", "product_type", "language",
];

/** Plausible values per field, so generated bodies often get past parsing into the deeper checks. */
const plausible: Record<string, fc.Arbitrary<unknown>> = {
  type: fc.constantFrom("e_commerce", "commerce", "payment_request", "PAYMENT_REQUEST", "other"),
  amount: fc.oneof(fc.constantFrom("10", "86.000", "0.001", "12.3456", "-1", "0", "1e3"), fc.double(), fc.integer()),
  currency_code: fc.constantFrom("KWD", "usd", "JPY", "EUR", "GBP", "XX"),
  mode: fc.constantFrom("payment", "save_card"),
  pg_codes: fc.oneof(
    fc.subarray(["card", "card-auth", "knet", "nope", "", "card"]),
    fc.constantFrom("card", "card,knet", "knet"),
  ),
  webhook_url: fc.oneof(fc.webUrl(), fc.constantFrom("ftp://x", "javascript:1", "/x")),
  redirect_url: fc.webUrl(),
  customer_email: fc.oneof(fc.emailAddress(), fc.constant("not-an-email")),
  customer_phone: fc.oneof(fc.stringMatching(/^\+?\d{1,14}$/), fc.integer()),
  billing_address: fc.oneof(
    fc.constant(billingAddress()),
    fc.record({ line1: fc.string(), city: fc.string(), state: fc.string(), country: fc.string({ maxLength: 3 }), postal_code: fc.string() }, { requiredKeys: [] }),
    fc.constant(JSON.stringify(billingAddress())),
  ),
  notifications: fc.oneof(
    fc.record({ email: fc.array(fc.constantFrom("paid", "PAID", "created", "shipped", 1)), sms: fc.array(fc.constantFrom("failed", "x")) }, { requiredKeys: [] }),
    fc.constant('{"email":["paid"]}'),
  ),
  expiration_time: fc.oneof(fc.stringMatching(/^(\d{1,2} )?\d{1,3}:\d\d:\d\d$/), fc.constantFrom("00:00:00", "10:60:00")),
  language: fc.constantFrom("en", "ar", "AR", "fr"),
  email_recipients: fc.oneof(fc.array(fc.emailAddress(), { maxLength: 25 }), fc.constant("a@b.co, c@d.co")),
  extra: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), fc.constant("{\"a\":1}")),
};

const unstorable = fc.tuple(fc.string(), fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d", "\uffff"), fc.string()).map((p) => p.join(""));
const huge = fc.constantFrom(1_000, 70_000, 300_000).map((n) => "x".repeat(n));
const deep = fc.integer({ min: 20, max: 60 }).map((n) => {
  let v: unknown = "leaf";
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { k: v };
  return v;
});

/** Any value for a field: plausible, wrong-typed, falsy, huge, nested junk or unstorable text. */
const valueFor = (field: string) =>
  fc.oneof(
    { weight: 4, arbitrary: Object.hasOwn(plausible, field) ? plausible[field]! : fc.string() },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, "", 0, false, true, [], {}, -0.0, 1e308, "NaN") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 80 }) },
    { weight: 1, arbitrary: unstorable },
    { weight: 1, arbitrary: huge },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v ?? null) ?? "null")) },
  );

const fieldsBody = fc
  .record({
    base: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    overrides: fc.array(fc.constantFrom(...FIELDS, "session_id", "attachment", "__proto__", "state", "", "x[y]"), { maxLength: 5 }).chain((keys) =>
      fc.tuple(...keys.map((k) => valueFor(k).map((v) => [k, v] as const))),
    ),
  })
  .map(({ base, overrides }) => {
    const body: Record<string, unknown> = base ? minimal() : {};
    // Own properties even for keys such as __proto__, so they reach the wire.
    for (const [k, v] of overrides) Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
    return body;
  });

const printable = (max: number) =>
  fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength: max }).map((codes) => String.fromCharCode(...codes));

type Encoding = "json" | "form" | "multipart" | "raw-text" | "raw-bytes" | "json-array";
const request = fc.record({
  body: fieldsBody,
  encoding: fc.constantFrom<Encoding>("json", "json", "json", "json", "json", "json", "form", "form", "multipart", "multipart", "raw-text", "raw-bytes", "json-array"),
  rawText: fc.string({ maxLength: 200 }),
  rawBytes: fc.uint8Array({ maxLength: 200 }),
  attachment: fc.option(
    fc.record({
      name: fc.constantFrom("a.pdf", "a.png", "a.exe", "", "../../etc/passwd", "x.docx"),
      content: fc.oneof(fc.constant(files.pdf), fc.constant(files.png), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b))),
    }),
  ),
  contentType: fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) }, // what the encoding implies
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=zzz",
        "text/plain",
        "application/xml",
        "",
        "application/json; charset=latin1",
        "application/problem+json",
      ),
    },
    { weight: 1, arbitrary: printable(40) },
  ),
  authorization: fc.oneof(
    { weight: 14, arbitrary: fc.constant("api-key") },
    { weight: 3, arbitrary: fc.constant("basic") },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: printable(60) },
    { weight: 1, arbitrary: printable(40).map((s) => `Api-Key ${s}`) },
    { weight: 1, arbitrary: printable(30).map((s) => `Basic ${Buffer.from(s).toString("base64")}`) },
  ),
  idempotencyKey: fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom("fuzz-1", "fuzz-2", "fuzz-3") },
    { weight: 1, arbitrary: printable(300) },
  ),
});

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

function encode(r: Generated): { body: BodyInit | undefined; contentType: string | undefined } {
  const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v) ?? "");
  switch (r.encoding) {
    case "json":
      return { body: JSON.stringify(r.body), contentType: "application/json" };
    case "json-array":
      return { body: JSON.stringify([r.body]), contentType: "application/json" };
    case "form": {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(r.body)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, asText(item));
      return { body: form.toString(), contentType: "application/x-www-form-urlencoded" };
    }
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of Object.entries(r.body)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, asText(item));
      if (r.attachment) form.append("attachment", new Blob([new Uint8Array(r.attachment.content)]), r.attachment.name);
      return { body: form, contentType: undefined }; // fetch writes the boundary
    }
    case "raw-text":
      return { body: r.rawText, contentType: "text/plain" };
    case "raw-bytes":
      return { body: new Uint8Array(r.rawBytes), contentType: undefined };
  }
}

async function check(method: "POST" | "PATCH", path: string, r: Generated) {
  const { body, contentType } = encode(r);
  const headers = new Headers();
  const type = r.contentType ?? contentType;
  if (type !== undefined && !(r.encoding === "multipart" && r.contentType === undefined)) headers.set("content-type", type);
  const auth = r.authorization === "api-key" ? api.apiKey : r.authorization === "basic" ? api.basic : r.authorization;
  if (auth !== undefined) headers.set("authorization", auth);
  if (r.idempotencyKey !== undefined) headers.set("idempotency-key", r.idempotencyKey);

  const before = await countRows(api.ctx, "transactions");
  const res = await fetch(`${api.base}${path}`, { method, headers, body });
  const text = await res.text();
  const after = await countRows(api.ctx, "transactions");

  const context = `${method} ${path} ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  let parsed: unknown;
  expect(() => (parsed = JSON.parse(text)), context).not.toThrow();
  expect(typeof parsed, context).toBe("object");
  expect(parsed, context).not.toBeNull();
  expect(Array.isArray(parsed), context).toBe(false);
  if (res.status >= 200 && res.status < 300) {
    expect(after - before, context).toBe(method === "POST" && res.headers.get("idempotent-replayed") !== "true" ? 1 : 0);
  } else {
    expect(after, context).toBe(before);
  }
}

describe("generated requests", () => {
  it("create: never a 5xx, always a JSON object, nothing stored when refused", async () => {
    await fc.assert(
      fc.asyncProperty(request, (r) => check("POST", "/b/checkout/v1/pymt-txn/", r)),
      { numRuns: 1000 },
    );
  }, timeoutMs(120_000));

  it("PATCH: never a 5xx, always a JSON object, nothing stored when refused", async () => {
    const target = fc.constantFrom(
      () => txnPath(live),
      () => txnPath(live, true),
      () => txnPath(paid),
      () => txnPath("0".repeat(40)),
      () => "/b/checkout/v1/pymt-txn/not-an-id",
    );
    await fc.assert(
      fc.asyncProperty(request, target, (r, path) => check("PATCH", path(), r)),
      { numRuns: 500 },
    );
    // The transactions are still readable and well-formed after all that.
    for (const id of [live, paid]) {
      const read = await api.send("GET", txnPath(id));
      expect(read.status).toBe(200);
      expect(read.body.session_id).toBe(id);
    }
  }, timeoutMs(120_000));
});
