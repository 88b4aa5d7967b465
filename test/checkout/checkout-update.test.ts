import { beforeAll, describe, expect, it } from "vitest";
import type { TransactionState } from "@/db/types";
import { startCheckoutApi } from "../support/checkout-setup";
import { billingAddress, call, countRows, expectDetail, expectFieldError, files, minimal, multipart, setState, txnPath } from "../support/checkout-samples";

// PATCH (partial) and PUT (full) of a transaction: merged validation, recomputed payment methods, states that
// may still change, and the event each update records.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});

const create = async (extra: Record<string, unknown> = {}) => {
  const res = await api.create(minimal(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const patch = (id: string, body: unknown, headers: Record<string, string> = {}) => api.send("PATCH", txnPath(id), body, headers);
const put = (id: string, body: unknown, headers: Record<string, string> = {}) => api.send("PUT", txnPath(id), body, headers);
const events = (sessionId: string) =>
  api.ctx.db.selectFrom("transaction_events").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();

describe("PATCH", () => {
  it("changes only the given fields and answers 200 with the full representation", async () => {
    const t = await create({ customer_first_name: "Sara", customer_email: "sara@example.com", order_no: "ORD-p1", extra: { a: 1 } });
    const res = await patch(t.session_id, { customer_last_name: "Ahmad", language: "ar" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({
      session_id: t.session_id,
      state: "created",
      amount: "10.000",
      customer_first_name: "Sara",
      customer_last_name: "Ahmad",
      customer_email: "sara@example.com",
      order_no: "ORD-p1",
      language: "ar",
      extra: { a: 1 },
      created_at: t.created_at,
      checkout_url: t.checkout_url,
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(t.updated_at));
    expect((await api.send("GET", txnPath(t.session_id))).body).toEqual(res.body);
  });

  it.each(["100", "10", "1000", "1000.5", "120.250"])("keeps a stored amount of %s intact when other fields change", async (amount) => {
    const t = await create({ amount });
    const res = await patch(t.session_id, { customer_first_name: "Sara" });
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(t.amount);
    expect(res.body.payment_methods).toEqual(t.payment_methods);
  });

  it("recomputes payment_methods when the amount changes", async () => {
    const t = await create({ amount: "86", pg_codes: ["knet"] });
    expect(t.payment_methods[0]).toMatchObject({ fee: "1.540", amount: "87.540" });
    const res = await patch(t.session_id, { amount: "100" });
    expect(res.body.amount).toBe("100.000");
    expect(res.body.payment_methods[0]).toMatchObject({ fee: "1.750", amount: "101.750" });
  });

  it("recomputes payment_methods and operation when pg_codes change", async () => {
    const t = await create({ pg_codes: ["card"] });
    const res = await patch(t.session_id, { pg_codes: ["card-auth"] });
    expect(res.status).toBe(200);
    expect(res.body.operation).toBe("authorize");
    expect(res.body.payment_methods.map((m: { code: string }) => m.code)).toEqual(["card-auth"]);
  });

  it("ignores a session_id in the body (ottu-py sends one)", async () => {
    const t = await create();
    const other = await create();
    const res = await patch(t.session_id, { session_id: other.session_id, amount: "12" });
    expect(res.status).toBe(200);
    expect(res.body.session_id).toBe(t.session_id);
    expect((await api.send("GET", txnPath(other.session_id))).body.amount).toBe("10.000");
  });

  it("ignores read-only fields and unknown keys", async () => {
    const t = await create();
    const res = await patch(t.session_id, { state: "paid", operation: "authorize", paid_amount: "10", foo: null, amount: "11" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: "created", operation: "purchase", paid_amount: "0.000", amount: "11.000" });
  });

  it("takes an empty body as a no-op update", async () => {
    const t = await create();
    const res = await patch(t.session_id, {});
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(t.amount);
  });

  it("clears optional fields sent as null or empty, and refuses clearing a required one", async () => {
    const t = await create({ customer_first_name: "Sara", order_no: "ORD-clear" });
    const res = await patch(t.session_id, { customer_first_name: null, order_no: "" });
    expect(res.body).toMatchObject({ customer_first_name: null, order_no: null });
    for (const field of ["amount", "currency_code", "pg_codes"]) {
      expectFieldError(await patch(t.session_id, { [field]: null }), [field], /required/);
    }
  });

  it("changing expiration_time moves the deadline from creation", async () => {
    const t = await create();
    const res = await patch(t.session_id, { expiration_time: "1 00:00:00" });
    expect(res.body.expiration_time).toBe("1 00:00:00");
    expect(Date.parse(res.body.expires_at) - Date.parse(t.created_at)).toBe(86_400_000);
  });

  it("validates each given field as create does", async () => {
    const t = await create();
    expectFieldError(await patch(t.session_id, { amount: "-1" }), ["amount"], /greater than 0/);
    expectFieldError(await patch(t.session_id, { billing_address: billingAddress({ country: "XX" }) }), ["billing_address", "country"], /ISO 3166-1/);
    expectFieldError(await patch(t.session_id, { pg_codes: ["nope"] }), ["pg_codes"], /Unknown gateway code/);
    expectFieldError(await patch(t.session_id, { customer_first_name: "\u0000" }), ["customer_first_name"], /NUL/);
    expect((await api.send("GET", txnPath(t.session_id))).body).toEqual(t);
  });

  it("takes the update as a multipart body with an attachment", async () => {
    const t = await create();
    const { body, contentType } = multipart([
      { name: "amount", value: "15" },
      { name: "pg_codes", value: "card" },
      { name: "pg_codes", value: "knet" },
      { name: "attachment", filename: "scan.png", contentType: "image/png", content: files.png },
    ]);
    const res = await call(api.base, "PATCH", txnPath(t.session_id), { body, headers: { authorization: api.apiKey, "content-type": contentType } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pg_codes).toEqual(["card", "knet"]);
    const file = await fetch(`${api.base}${new URL(res.body.attachment).pathname}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(files.png)).toBe(true);
  });
});

describe("cross-validation against the merged transaction", () => {
  it("checks a new currency against the stored amount's places", async () => {
    const t = await create({ amount: "12.345" });
    expectFieldError(await patch(t.session_id, { currency_code: "USD" }), ["amount"], /no more than 2 decimal places for USD/);
    expectFieldError(await patch(t.session_id, { currency_code: "JPY" }), ["amount"], /no more than 0 decimal places for JPY/);
  });

  it("takes a new currency when the stored amount fits it (trailing zeros do not count)", async () => {
    const t = await create({ amount: "12.340" });
    const res = await patch(t.session_id, { currency_code: "USD" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ amount: "12.34", currency_code: "USD" });
    expect(res.body.payment_methods[0]).toMatchObject({ amount: "12.34", currency_code: "USD" });
    const jpy = await create({ amount: "1500" });
    expect((await patch(jpy.session_id, { currency_code: "JPY" })).body.amount).toBe("1500");
  });

  it("checks a new currency against the stored gateways", async () => {
    const t = await create({ pg_codes: ["knet"] });
    expectFieldError(await patch(t.session_id, { currency_code: "USD" }), ["pg_codes"], /Gateway knet does not accept USD; it accepts KWD/);
  });

  it("checks new gateways against the stored currency", async () => {
    const t = await create({ currency_code: "USD", amount: "5" });
    expectFieldError(await patch(t.session_id, { pg_codes: ["knet"] }), ["pg_codes"], /knet does not accept USD/);
  });

  it("refuses e-mail notifications without a stored customer_email", async () => {
    const t = await create();
    expectFieldError(await patch(t.session_id, { notifications: { email: ["paid"] } }), ["customer_email"], /required when notifications\.email/);
    expectFieldError(await patch(t.session_id, { notifications: { sms: ["paid"] } }), ["customer_phone"], /required when notifications\.sms/);
    const ok = await patch(t.session_id, { notifications: { email: ["paid"] }, customer_email: "a@b.co" });
    expect(ok.status).toBe(200);
  });

  it("takes notifications against a stored contact", async () => {
    const t = await create({ customer_email: "a@b.co" });
    expect((await patch(t.session_id, { notifications: { email: ["Paid"] } })).body.notifications.email).toEqual(["paid"]);
  });

  it("refuses clearing customer_email while e-mail notifications are set", async () => {
    const t = await create({ customer_email: "a@b.co", customer_phone: "96550000000", notifications: { email: ["paid"], sms: ["paid"] } });
    expectFieldError(await patch(t.session_id, { customer_email: null }), ["customer_email"], /required when notifications\.email/);
    expectFieldError(await patch(t.session_id, { customer_phone: "" }), ["customer_phone"], /required when notifications\.sms/);
    const both = await patch(t.session_id, { customer_email: null, notifications: { email: [] } });
    expect(both.status).toBe(200);
    expect(both.body.customer_email).toBeNull();
  });

  it("refuses an order_no that another live transaction holds", async () => {
    await create({ order_no: "ORD-held" });
    const t = await create();
    expectFieldError(await patch(t.session_id, { order_no: "ORD-held" }), ["order_no"], /must be unique/);
  });
});

describe("PUT", () => {
  it("replaces every writable field; absent ones return to their defaults", async () => {
    const t = await create({
      customer_first_name: "Sara",
      customer_email: "sara@example.com",
      notifications: { email: ["paid"] },
      language: "ar",
      expiration_time: "02:00:00",
      extra: { a: 1 },
      billing_address: billingAddress(),
    });
    const res = await put(t.session_id, { pg_codes: ["knet"], amount: "20", currency_code: "KWD", customer_last_name: "Ahmad" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      session_id: t.session_id,
      amount: "20.000",
      pg_codes: ["knet"],
      customer_first_name: null,
      customer_last_name: "Ahmad",
      customer_email: null,
      notifications: { email: [], sms: [] },
      language: "en",
      expiration_time: "01:00:00",
      extra: {},
      billing_address: null,
      created_at: t.created_at,
    });
  });

  it.each(["amount", "currency_code", "pg_codes"])("requires %s", async (field) => {
    const t = await create();
    const body: Record<string, unknown> = minimal();
    delete body[field];
    expectFieldError(await put(t.session_id, body), [field], /required/);
    expect((await api.send("GET", txnPath(t.session_id))).body).toEqual(t);
  });

  it("cross-validates the new whole", async () => {
    const t = await create();
    expectFieldError(await put(t.session_id, minimal({ notifications: { email: ["paid"] } })), ["customer_email"], /required/);
  });
});

describe("states", () => {
  it.each(["paid", "expired", "canceled", "failed", "authorized", "voided", "refunded", "captured", "error", "pending"] as TransactionState[])(
    "answers 409 once the transaction is %s, changing nothing",
    async (state) => {
      const t = await create();
      await setState(api.ctx, t.session_id, state);
      const before = await events(t.session_id);
      for (const res of [await patch(t.session_id, { amount: "99" }), await put(t.session_id, minimal({ amount: "99" }))]) {
        expectDetail(res, 409, new RegExp(`This transaction is ${state}; only created or attempted transactions can be changed`));
      }
      const read = await api.send("GET", txnPath(t.session_id));
      expect(read.body.amount).toBe("10.000");
      expect(read.body.state).toBe(state);
      expect(await events(t.session_id)).toEqual(before);
    },
  );

  it("still updates an attempted transaction", async () => {
    const t = await create();
    await setState(api.ctx, t.session_id, "attempted");
    const res = await patch(t.session_id, { amount: "11" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: "attempted", amount: "11.000" });
  });
});

describe("events", () => {
  it("records each update as an 'updated' event with the caller, method and fields", async () => {
    const t = await create();
    expect((await events(t.session_id)).map((e) => e.kind)).toEqual(["created"]);
    await patch(t.session_id, { amount: "11", customer_first_name: "Sara" });
    await put(t.session_id, minimal({ amount: "12" }));
    await patch(t.session_id, { amount: "12" }, { authorization: api.basic });
    const all = await events(t.session_id);
    expect(all.map((e) => e.kind)).toEqual(["created", "updated", "updated", "updated"]);
    const [, first, second, third] = all;
    expect(first!.cause).toBe("api");
    expect(first!.data).toMatchObject({ method: "PATCH", actor: expect.stringMatching(/^api_key:/) });
    expect((first!.data as { fields: string[] }).fields.sort()).toEqual(["amount", "customer_first_name"]);
    expect(second!.data).toMatchObject({ method: "PUT" });
    expect(third!.data).toMatchObject({ method: "PATCH", actor: expect.stringMatching(/^user:/) });
  });

  it("records nothing for a refused update", async () => {
    const t = await create();
    const before = await countRows(api.ctx, "transaction_events");
    await patch(t.session_id, { amount: "-5" });
    await patch(t.session_id, { currency_code: "EUR" });
    await patch(t.session_id, { amount: "5" }, { authorization: "Api-Key wrong" });
    expect(await countRows(api.ctx, "transaction_events")).toBe(before);
  });
});
