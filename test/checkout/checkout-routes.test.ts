import { beforeAll, describe, expect, it } from "vitest";
import { startCheckoutApi } from "../support/checkout-setup";
import { call, expectDetail, minimal, txnPath } from "../support/checkout-samples";

// Paths with and without the trailing slash (never a redirect), methods each path takes (405 with Allow),
// unknown ids (404) and the rule that every 4xx body is a JSON object.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
let sessionId: string;
beforeAll(async () => {
  api = await startCheckoutApi();
  sessionId = (await api.create(minimal())).body.session_id;
});

const json = { "content-type": "application/json" };

describe("paths", () => {
  it.each(["/b/checkout/v1/pymt-txn/", "/b/checkout/v1/pymt-txn"])("creates at %s", async (path) => {
    const res = await call(api.base, "POST", path, { body: JSON.stringify(minimal()), headers: { ...json, authorization: api.apiKey } });
    expect(res.status).toBe(201);
  });

  it.each([false, true])("reads, patches and puts with trailing slash %s", async (slash) => {
    const path = txnPath(sessionId, slash);
    const auth = { ...json, authorization: api.apiKey };
    expect((await call(api.base, "GET", path)).status).toBe(200);
    expect((await call(api.base, "PATCH", path, { body: '{"amount":"11"}', headers: auth })).body.amount).toBe("11.000");
    expect((await call(api.base, "PUT", path, { body: JSON.stringify(minimal({ amount: "12" })), headers: auth })).body.amount).toBe("12.000");
  });

  it("never redirects", async () => {
    for (const path of ["/b/checkout/v1/pymt-txn", txnPath(sessionId), txnPath(sessionId, true)]) {
      const res = await fetch(`${api.base}${path}`, { redirect: "manual" });
      expect(res.status < 300 || res.status >= 400).toBe(true);
      expect(res.headers.get("location")).toBeNull();
    }
  });
});

describe("methods", () => {
  it.each(["GET", "PUT", "PATCH", "DELETE"])("%s on the collection answers 405 Allow: POST", async (method) => {
    const res = await call(api.base, method, "/b/checkout/v1/pymt-txn/", { headers: { authorization: api.apiKey } });
    expectDetail(res, 405, new RegExp(`"${method}" not allowed`));
    expect(res.headers.get("allow")).toBe("POST");
  });

  it.each([false, true])("POST with a session id answers 405 Allow: GET, PATCH, PUT (slash %s)", async (slash) => {
    const res = await call(api.base, "POST", txnPath(sessionId, slash), {
      body: JSON.stringify(minimal()),
      headers: { ...json, authorization: api.apiKey },
    });
    expectDetail(res, 405, /Allowed: GET, PATCH, PUT/);
    expect(res.headers.get("allow")).toBe("GET, PATCH, PUT");
  });

  it("DELETE with a session id answers 405 and deletes nothing", async () => {
    const res = await call(api.base, "DELETE", txnPath(sessionId), { headers: { authorization: api.apiKey } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PATCH, PUT");
    expect((await call(api.base, "GET", txnPath(sessionId))).status).toBe(200);
  });
});

describe("unknown transactions", () => {
  const unknown = "0123456789abcdef0123456789abcdef01234567";

  it.each([unknown, "not-a-session", "0123456789ABCDEF0123456789ABCDEF01234567", `${unknown}0`, "%00"])(
    "GET %s answers 404 Not found.",
    async (id) => {
      const res = await call(api.base, "GET", `/b/checkout/v1/pymt-txn/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
      expect(res.headers.get("cache-control")).toBe("no-store");
    },
  );

  it.each(["PATCH", "PUT"])("%s an unknown id answers 404", async (method) => {
    const res = await call(api.base, method, txnPath(unknown), { body: JSON.stringify(minimal()), headers: { ...json, authorization: api.apiKey } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Not found." });
  });
});

describe("every 4xx is a JSON object", () => {
  it("holds for each status the API answers", async () => {
    const auth = { authorization: api.apiKey };
    const cases = [
      call(api.base, "POST", "/b/checkout/v1/pymt-txn/", { body: "{}", headers: { ...json, ...auth } }), // 400 fields
      call(api.base, "POST", "/b/checkout/v1/pymt-txn/", { body: "{", headers: { ...json, ...auth } }), // 400 JSON
      call(api.base, "POST", "/b/checkout/v1/pymt-txn/", { body: "{}", headers: json }), // 401
      call(api.base, "POST", "/b/checkout/v1/pymt-txn/", { body: "{}", headers: { ...json, authorization: "Api-Key nope" } }), // 401
      call(api.base, "GET", "/b/checkout/v1/pymt-txn/zz"), // 404
      call(api.base, "POST", txnPath(sessionId), { headers: auth }), // 405
      call(api.base, "POST", "/b/checkout/v1/pymt-txn/", { body: "a=1", headers: { ...auth, "content-type": "text/plain" } }), // 415
      call(api.base, "POST", "/b/checkout/v1/pymt-txn/", { body: "x".repeat(1024 * 1024 + 1), headers: { ...json, ...auth } }), // 413
      call(api.base, "POST", "/b/checkout/v1/pymt-txn/", { body: JSON.stringify(minimal()), headers: { ...json, ...auth, "idempotency-key": "a b" } }), // 400 header
    ];
    const statuses = [];
    for (const res of await Promise.all(cases)) {
      statuses.push(res.status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(typeof res.body).toBe("object");
      expect(res.body).not.toBeNull();
      expect(Array.isArray(res.body)).toBe(false);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect(statuses).toEqual([400, 400, 401, 401, 404, 405, 415, 413, 400]);
  });
});
