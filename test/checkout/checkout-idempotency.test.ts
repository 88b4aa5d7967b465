import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { startCheckoutApi } from "../support/checkout-setup";
import { countRows, expectDetail, expectFieldError, files, minimal, multipart } from "../support/checkout-samples";

// Idempotency-Key on create: the same key and body give the first response again (Idempotent-Replayed: true)
// without a second transaction; another body with the key is a 409; keys live 24 hours, per caller.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});

let n = 0;
const freshKey = () => `key-${Date.now()}-${n++}`;
const withKey = (key: string, extra: Record<string, string> = {}) => ({ "idempotency-key": key, ...extra });

describe("replay", () => {
  it("returns the first response with Idempotent-Replayed: true and stores one transaction", async () => {
    const key = freshKey();
    const body = minimal({ amount: "86", pg_codes: ["knet"], order_no: `ORD-${key}` });
    const first = await api.create(body, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const transactions = await countRows(api.ctx, "transactions");
    const events = await countRows(api.ctx, "transaction_events");

    for (let i = 0; i < 3; i++) {
      const again = await api.create(body, withKey(key));
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.headers.get("cache-control")).toBe("no-store");
      expect(again.body).toEqual(first.body);
    }
    expect(await countRows(api.ctx, "transactions")).toBe(transactions);
    expect(await countRows(api.ctx, "transaction_events")).toBe(events);
  });

  it("replays the first answer byte for byte, keys in the same order", async () => {
    const key = freshKey();
    const body = JSON.stringify(minimal({ amount: "12.5", extra: { zeta: 1, alpha: { y: 2, b: 3 } }, customer_first_name: "Sara" }));
    const post = () =>
      fetch(api.url, { method: "POST", headers: { authorization: api.apiKey, "content-type": "application/json", "idempotency-key": key }, body });
    const first = await (await post()).text();
    const replay = await post();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.text()).toBe(first);
  });

  it("judges the body by its meaning: key order and encoding do not matter", async () => {
    const key = freshKey();
    const first = await api.create({ amount: "5", currency_code: "KWD", pg_codes: ["card"] }, withKey(key));
    const reordered = await api.create('{ "pg_codes": ["card"],\n "currency_code": "KWD", "amount": "5" }', withKey(key));
    expect(reordered.headers.get("idempotent-replayed")).toBe("true");
    expect(reordered.body.session_id).toBe(first.body.session_id);
  });

  it("replays a multipart create with its attachment, and refuses another file under the key", async () => {
    const key = freshKey();
    const parts = (content: Buffer) =>
      multipart([
        { name: "pg_codes", value: "card" },
        { name: "amount", value: "4" },
        { name: "currency_code", value: "KWD" },
        { name: "attachment", filename: "a.pdf", contentType: "application/pdf", content },
      ]);
    const send = (content: Buffer) => {
      const { body, contentType } = parts(content);
      return fetch(`${api.base}/b/checkout/v1/pymt-txn/`, {
        method: "POST",
        headers: { authorization: api.apiKey, "content-type": contentType, "idempotency-key": key },
        body: new Uint8Array(body),
      });
    };
    const first = await send(files.pdf);
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const attachments = await countRows(api.ctx, "attachments");
    const again = await send(files.pdf);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(await countRows(api.ctx, "attachments")).toBe(attachments);
    const other = await send(Buffer.concat([files.pdf, Buffer.from("% another\n")]));
    expect(other.status).toBe(409);
  });

  it("answers 409 for another body with the same key, and stores nothing", async () => {
    const key = freshKey();
    const first = await api.create(minimal({ amount: "7" }), withKey(key));
    expect(first.status).toBe(201);
    const before = await countRows(api.ctx, "transactions");
    for (const other of [minimal({ amount: "8" }), minimal({ amount: 7 }), minimal({ amount: "7", order_no: "x" })]) {
      expectDetail(await api.create(other, withKey(key)), 409, /Idempotency-Key was already used with a different request body/);
    }
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("keeps nothing for a refused request, so the key can be used once the body is right", async () => {
    const key = freshKey();
    expectFieldError(await api.create(minimal({ amount: "-1" }), withKey(key)), ["amount"], /greater than 0/);
    const ok = await api.create(minimal({ amount: "1" }), withKey(key));
    expect(ok.status).toBe(201);
    expect(ok.headers.get("idempotent-replayed")).toBeNull();
  });

  it("keeps keys per caller: the Basic user and the API key do not meet", async () => {
    const key = freshKey();
    const byKey = await api.create(minimal(), withKey(key));
    const byUser = await api.create(minimal(), withKey(key, { authorization: api.basic }));
    expect(byUser.status).toBe(201);
    expect(byUser.headers.get("idempotent-replayed")).toBeNull();
    expect(byUser.body.session_id).not.toBe(byKey.body.session_id);
    const byUserAgain = await api.create(minimal(), withKey(key, { authorization: api.basic }));
    expect(byUserAgain.body.session_id).toBe(byUser.body.session_id);
  });

  it("creates separate transactions without a key", async () => {
    const a = await api.create(minimal());
    const b = await api.create(minimal());
    expect(a.body.session_id).not.toBe(b.body.session_id);
  });
});

describe("concurrency", () => {
  it.each([
    ["without order_no", {}],
    ["with order_no", { order_no: "ORD-concurrent" }],
  ])("10 parallel requests with one key and body make exactly one transaction (%s)", async (_name, extra) => {
    const key = freshKey();
    const body = minimal({ amount: "9.5", ...extra });
    const before = await countRows(api.ctx, "transactions");
    const results = await Promise.all(Array.from({ length: 10 }, () => api.create(body, withKey(key))));
    expect(await countRows(api.ctx, "transactions")).toBe(before + 1);
    for (const res of results) {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual(results[0]!.body);
    }
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
  });

  it("parallel requests with one key and different bodies: one wins, the others are 409", async () => {
    const key = freshKey();
    const before = await countRows(api.ctx, "transactions");
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => api.create(minimal({ amount: String(i + 1) }), withKey(key))));
    expect(await countRows(api.ctx, "transactions")).toBe(before + 1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });
});

describe("the key itself", () => {
  it.each(["a b", "", " ", "tab\there", "café", "x".repeat(256)])("refuses the key %j with 400", async (key) => {
    const before = await countRows(api.ctx, "transactions");
    const res = await api.create(minimal(), withKey(key));
    expectDetail(res, 400, /Idempotency-Key must be 1–255 visible ASCII characters/);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it.each(["k", "x".repeat(255), "550e8400-e29b-41d4-a716-446655440000", "order:42/attempt#1"])("takes the key %j", async (key) => {
    expect((await api.create(minimal(), withKey(key))).status).toBe(201);
  });

  it("frees keys older than 24 hours", async () => {
    const key = freshKey();
    const first = await api.create(minimal({ amount: "3" }), withKey(key));
    await api.ctx.db
      .updateTable("idempotency_keys")
      .set({ created_at: sql<Date>`now() - interval '24 hours 1 minute'` })
      .where("key", "=", key)
      .execute();

    const other = await api.create(minimal({ amount: "4" }), withKey(key));
    expect(other.status).toBe(201);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(other.body.session_id).not.toBe(first.body.session_id);
    const replay = await api.create(minimal({ amount: "4" }), withKey(key));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.session_id).toBe(other.body.session_id);
  });

  it("still holds a key younger than 24 hours", async () => {
    const key = freshKey();
    await api.create(minimal({ amount: "3" }), withKey(key));
    await api.ctx.db
      .updateTable("idempotency_keys")
      .set({ created_at: sql<Date>`now() - interval '23 hours 59 minutes'` })
      .where("key", "=", key)
      .execute();
    expect((await api.create(minimal({ amount: "4" }), withKey(key))).status).toBe(409);
  });
});
