import { beforeAll, describe, expect, it } from "vitest";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { startCheckoutApi } from "../support/checkout-setup";
import { countRows, minimal, txnPath } from "../support/checkout-samples";

// A transaction never mixes sandbox (test-mode) and production gateways: create, PATCH and PUT refuse it with a
// field error on pg_codes (the documented 400 shape), store nothing and change nothing. card, card-auth and knet
// are sandbox settings; live and live-auth production ones.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
  await createGatewaySetting({ ctx: api.ctx, input: { code: "live", name: "Live card", pg: "sandbox", currencies: ["KWD", "USD"], isSandbox: false } });
  await createGatewaySetting({ ctx: api.ctx, input: { code: "live-auth", pg: "sandbox", currencies: ["KWD"], operation: "authorize", isSandbox: false } });
});

const MIXED = /^Sandbox gateways \(card\) and production gateways \(live\) cannot be mixed in one transaction/;

/** The 400 body: `{"pg_codes": ["…"]}` and nothing else. */
function expectMixRefused(res: { status: number; body: unknown }, message = MIXED) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(Object.keys(res.body as object)).toEqual(["pg_codes"]);
  const messages = (res.body as { pg_codes: unknown[] }).pg_codes;
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatch(message);
}

const row = (sessionId: string) => api.ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
const eventCount = (sessionId: string) =>
  api.ctx.db
    .selectFrom("transaction_events")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("session_id", "=", sessionId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe("create", () => {
  it("refuses sandbox and production gateways together, storing nothing", async () => {
    const before = { transactions: await countRows(api.ctx, "transactions"), events: await countRows(api.ctx, "transaction_events") };
    expectMixRefused(await api.create(minimal({ pg_codes: ["card", "live"] })));
    expectMixRefused(await api.create(minimal({ pg_codes: ["live", "card"] })));
    expectMixRefused(
      await api.create(minimal({ pg_codes: ["card", "card-auth", "knet", "live", "live-auth"] })),
      /^Sandbox gateways \(card, card-auth, knet\) and production gateways \(live, live-auth\) cannot be mixed/,
    );
    // With an idempotency key too: nothing to replay afterwards.
    expectMixRefused(await api.create(minimal({ pg_codes: ["card", "live"] }), { "Idempotency-Key": "mix-1" }));
    expect({ transactions: await countRows(api.ctx, "transactions"), events: await countRows(api.ctx, "transaction_events") }).toEqual(before);
    expect(await countRows(api.ctx, "idempotency_keys")).toBe(0);
  });

  it("gives the mix error beside the other field errors, all at once", async () => {
    const res = await api.create(minimal({ pg_codes: ["card", "live"], amount: "1.2345" }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["amount", "pg_codes"]);
    expect(res.body.pg_codes[0]).toMatch(MIXED);
  });

  it("takes gateways of one kind, either kind", async () => {
    for (const pg_codes of [["card"], ["card", "card-auth", "knet"], ["live"], ["live", "live-auth"]]) {
      const res = await api.create(minimal({ pg_codes }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.pg_codes).toEqual(pg_codes);
    }
  });

  it("a Basic user's error names only the gateways they may use", async () => {
    // The clerk may use card only: live is an unknown code to them, not a production one.
    const res = await api.create(minimal({ pg_codes: ["card", "live"] }), { authorization: api.basic });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ pg_codes: ["Unknown gateway code or not allowed for you: live."] });
  });
});

describe("update", () => {
  for (const method of ["PATCH", "PUT"] as const) {
    it(`${method} refuses to add a gateway of the other kind, changing nothing`, async () => {
      const created = await api.create(minimal({ pg_codes: ["card"], customer_first_name: "Sara" }));
      expect(created.status).toBe(201);
      const id = created.body.session_id as string;
      const before = { row: await row(id), events: await eventCount(id) };

      const body = method === "PATCH" ? { pg_codes: ["card", "live"], customer_first_name: "Noor" } : minimal({ pg_codes: ["live", "card"], customer_first_name: "Noor" });
      expectMixRefused(await api.send(method, txnPath(id), body));
      expect({ row: await row(id), events: await eventCount(id) }).toEqual(before);
      expect((await api.send("GET", txnPath(id))).body).toMatchObject({ pg_codes: ["card"], customer_first_name: "Sara" });
    });
  }

  it("PATCH may move a transaction from one kind to the other as a whole", async () => {
    const created = await api.create(minimal({ pg_codes: ["card", "card-auth"] }));
    const id = created.body.session_id as string;
    const res = await api.send("PATCH", txnPath(id), { pg_codes: ["live"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pg_codes).toEqual(["live"]);
    expect(res.body.payment_methods.map((m: { code: string; type: string }) => [m.code, m.type])).toEqual([["live", "production"]]);
  });
});
