import { beforeAll, describe, expect, it } from "vitest";
import * as eCommerceRoute from "@/app/pos/crt/route";
import { env } from "@/lib/core/env";
import { startCheckoutApi } from "../support/checkout-setup";
import { countRows, minimal, txnPath } from "../support/checkout-samples";
import { serveRoutes } from "../support/http-server";

// The API refuses a state-changing request (POST, PUT, PATCH, DELETE) that a browser sent from a page of another
// site — a forged form would carry whatever credentials the browser holds for this site — with the 403
// `{"detail": …}` of the contract. Servers send no Origin, and pass; so does this site's own origin; reading is
// never refused.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
let legacy: string;
let sessionId: string;
beforeAll(async () => {
  api = await startCheckoutApi();
  legacy = await serveRoutes([{ path: "/pos/crt", module: eCommerceRoute }]);
  sessionId = (await api.create(minimal())).body.session_id;
});

const FOREIGN = ["https://evil.example", "http://localhost.evil.example", "null", "not a url"];

async function expectRefused(res: { status: number; headers: Headers; body: unknown }) {
  expect(res.status).toBe(403);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.body).toEqual({ detail: expect.stringMatching(/^Cross-origin request refused/) });
}

describe("state-changing API requests from another site's page", () => {
  it.each(FOREIGN)("create with Origin %j: 403, nothing stored, with or without credentials", async (origin) => {
    const before = await countRows(api.ctx, "transactions");
    await expectRefused(await api.create(minimal(), { origin }));
    await expectRefused(await api.send("POST", "/b/checkout/v1/pymt-txn/", minimal(), { origin, authorization: "" }));
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("PATCH, PUT, an operation and DELETE of a card: 403, nothing changed", async () => {
    const origin = "https://evil.example";
    await expectRefused(await api.send("PATCH", txnPath(sessionId), { amount: "99" }, { origin }));
    await expectRefused(await api.send("PUT", txnPath(sessionId), minimal({ amount: "99" }), { origin }));
    await expectRefused(await api.send("POST", "/b/pbl/v2/operation/", { operation: "cancel", session_id: sessionId }, { origin }));
    await expectRefused(await api.send("POST", "/b/pbl/v2/inquiry/", { session_id: sessionId }, { origin }));
    await expectRefused(await api.send("POST", "/b/pbl/v2/card/", { type: "sandbox", customer_id: "c1" }, { origin }));
    const read = await api.send("GET", txnPath(sessionId), undefined, { origin });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ state: "created", amount: "10.000" });
  });

  it("the legacy interface too", async () => {
    const res = await fetch(`${legacy}/pos/crt/`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded", authorization: api.apiKey },
      body: new URLSearchParams({ amount: "10", currency_code: "KWD", gateway_code: "card" }),
    });
    await expectRefused({ status: res.status, headers: res.headers, body: await res.json() });
  });

  it("a server's request (no Origin) and a page of this site (APP_URL's origin, or the Host it was sent to) pass", async () => {
    expect((await api.create(minimal())).status).toBe(201);
    expect((await api.create(minimal(), { origin: env.APP_URL })).status).toBe(201);
    expect((await api.create(minimal(), { origin: api.base })).status).toBe(201);
    expect((await api.send("PATCH", txnPath(sessionId), { amount: "12" }, { origin: env.APP_URL })).status).toBe(200);
  });
});
