import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET ??= "s".repeat(48);
});

import * as exportRoute from "@/app/api/admin/transactions/export/route";
import * as adminListRoute from "@/app/api/admin/transactions/route";
import * as collection from "@/app/b/checkout/v1/pymt-txn/route";
import * as item from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import * as autoDebitRoute from "@/app/b/pbl/v2/auto-debit/route";
import * as inquiryRoute from "@/app/b/pbl/v2/inquiry/route";
import * as messageRoute from "@/app/b/pbl/v2/message-notification/route";
import * as operationRoute from "@/app/b/pbl/v2/operation/route";
import { updateAdminUserAccess } from "@/lib/access/admin-users/update-admin-user-access";
import { loadTransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { retryDeliveriesForm } from "@/lib/panel/admin/retry-deliveries-form";
import { runOperationForm } from "@/lib/panel/admin/run-operation-form";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import { ACTIONS, type Caller } from "@/lib/access/auth/permissions";
import { dashboardFigures } from "@/lib/panel/dashboard/dashboard-figures";
import { NotFound } from "@/lib/core/errors";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { createBulkPaymentRequests } from "@/lib/legacy/bulk/create-bulk-payment-requests";
import { listMessages } from "@/lib/delivery/notifications/list-messages";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { listFailingDeliveries } from "@/lib/delivery/webhooks/list-failing-deliveries";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { basicAuth, createGateway, createKey, createUser } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { CARDS, deliverReturn, events, newTransaction, payWith } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";
import { sessionCookie } from "../support/transaction-list-data";

// Issue 27, point 1: a caller acts only on what it may see. A Basic (non-superuser) caller's transaction is one
// whose EVERY gateway code the caller may use; on any other, every verb answers 404 exactly as for an unknown id
// (same status, same body), before the body is read or validated, and nothing changes. Refund, capture and void
// also need the gateway that took the payment. Lists count a transaction only when it is wholly the caller's.

const ctx = testContext();
let base: string;
let apiCaller: Caller;
let apiKey: string;
/** A Basic user of gateways B and B-auth, allowed every action. */
let bUser: UserCaller & { password: string };
let bAuth: string;
let superuser: UserCaller;

beforeAll(async () => {
  await createGateway(ctx, { code: "A", currencies: ["KWD"] });
  await createGateway(ctx, { code: "B", currencies: ["KWD"] });
  await createGateway(ctx, { code: "A-auth", currencies: ["KWD"], operation: "authorize" });
  await createGateway(ctx, { code: "B-auth", currencies: ["KWD"], operation: "authorize" });
  const key = await createKey(ctx);
  apiCaller = { kind: "api_key", id: key.id, name: key.name };
  apiKey = `Api-Key ${key.key}`;
  const user = await createUser(ctx, { gatewayCodes: ["B", "B-auth"], permissions: [...ACTIONS] });
  bUser = { ...adminCaller(user), password: user.password };
  bAuth = basicAuth(user.username, user.password);
  superuser = adminCaller(await createUser(ctx, { isSuperuser: true }));
  base = await serveRoutes([
    { path: "/b/checkout/v1/pymt-txn", module: collection },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: item },
    { path: "/b/pbl/v2/operation", module: operationRoute },
    { path: "/b/pbl/v2/inquiry", module: inquiryRoute },
    { path: "/b/pbl/v2/message-notification", module: messageRoute },
    { path: "/b/pbl/v2/auto-debit", module: autoDebitRoute },
    { path: "/api/admin/transactions", module: adminListRoute },
    { path: "/api/admin/transactions/export", module: exportRoute },
  ]);
});

interface Answer {
  status: number;
  text: string;
  body: unknown;
  contentType: string | null;
}

async function request(
  method: string,
  path: string,
  options: { auth?: string; body?: unknown; raw?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth !== undefined) headers.authorization = options.auth;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, text, body: parsed, contentType: res.headers.get("content-type") };
}

const unknownId = () => randomBytes(20).toString("hex");
const txnPath = (sessionId: string) => `/b/checkout/v1/pymt-txn/${sessionId}/`;
const operate = (auth: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request("POST", "/b/pbl/v2/operation/", { auth, body, headers });

/** The answer to `theirs` must be the very answer to an id that does not exist: status, body and content type. */
function expectSameAsUnknown(theirs: Answer, unknown: Answer, status = 404) {
  expect(unknown.status, unknown.text).toBe(status);
  expect({ status: theirs.status, text: theirs.text, type: theirs.contentType }).toEqual({
    status: unknown.status,
    text: unknown.text,
    type: unknown.contentType,
  });
}

/** Everything a refusal must leave as it was: the row (money included) and every record hanging off it. */
async function snapshot(sessionId: string) {
  const count = async (table: "transaction_events" | "operations" | "payment_attempts" | "webhook_deliveries") =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("session_id", "=", sessionId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    txn: await ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow(),
    events: await count("transaction_events"),
    operations: await count("operations"),
    attempts: await count("payment_attempts"),
    deliveries: await count("webhook_deliveries"),
    sandboxOperations: Number(
      (
        await ctx.db
          .selectFrom("sandbox_operations as o")
          .innerJoin("payment_attempts as a", "a.reference_number", "o.payment_reference")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("a.session_id", "=", sessionId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

/** Runs `refusals` and checks that none of them changed anything of the transaction. */
async function unchanged(sessionId: string, refusals: () => Promise<void>) {
  const before = await snapshot(sessionId);
  await refusals();
  expect(await snapshot(sessionId)).toEqual(before);
}

/** A transaction the API key created (pg_codes and any fields given). */
const created = (pgCodes: string[], fields: Record<string, unknown> = {}) => newTransaction(ctx, apiCaller, { pg_codes: pgCodes, ...fields });

/** A transaction on `pgCodes` paid (or authorized) on `code` through the sandbox. */
async function paidOn(pgCodes: string[], code: string, fields: Record<string, unknown> = {}) {
  const sessionId = await created(pgCodes, fields);
  await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve, { code })).next);
  return sessionId;
}

const ATTACK = { pg_codes: ["B"], amount: "0.001", webhook_url: "https://attacker.example/hook", redirect_url: "https://attacker.example/phish" };

describe("PATCH and PUT of another scope's transaction", () => {
  it("the reported hole: PATCH {pg_codes: [B], amount, webhook_url, redirect_url} on a transaction of gateway A is 404, as an unknown id, and changes nothing", async () => {
    const onA = await created(["A"], { webhook_url: "https://merchant.example/hook", redirect_url: "https://merchant.example/done" });
    await unchanged(onA, async () => {
      expectSameAsUnknown(await request("PATCH", txnPath(onA), { auth: bAuth, body: ATTACK }), await request("PATCH", txnPath(unknownId()), { auth: bAuth, body: ATTACK }));
      expectSameAsUnknown(await request("PUT", txnPath(onA), { auth: bAuth, body: { ...ATTACK, currency_code: "KWD" } }), await request("PUT", txnPath(unknownId()), { auth: bAuth, body: { ...ATTACK, currency_code: "KWD" } }));
    });
    const stored = await ctx.db.selectFrom("transactions").select(["amount", "pg_codes", "webhook_url", "redirect_url"]).where("session_id", "=", onA).executeTakeFirstOrThrow();
    expect(stored).toEqual({ amount: "10.000000", pg_codes: ["A"], webhook_url: "https://merchant.example/hook", redirect_url: "https://merchant.example/done" });
  });

  it("the oracle: the same call without pg_codes is not a 400 naming gateway A, but the unknown id's 404", async () => {
    const onA = await created(["A"]);
    const withoutCodes = { amount: ATTACK.amount, webhook_url: ATTACK.webhook_url, redirect_url: ATTACK.redirect_url };
    await unchanged(onA, async () => {
      const theirs = await request("PATCH", txnPath(onA), { auth: bAuth, body: withoutCodes });
      expect(theirs.text).not.toMatch(/not allowed for you/);
      expectSameAsUnknown(theirs, await request("PATCH", txnPath(unknownId()), { auth: bAuth, body: withoutCodes }));
    });
  });

  it("a transaction naming A and B is not B's user's either (containment, not overlap)", async () => {
    const onAB = await created(["A", "B"]);
    await unchanged(onAB, async () => {
      for (const body of [ATTACK, { amount: "12" }, {}]) {
        expectSameAsUnknown(await request("PATCH", txnPath(onAB), { auth: bAuth, body }), await request("PATCH", txnPath(unknownId()), { auth: bAuth, body }));
      }
    });
  });

  it("answers before the body is read or validated: a broken body, a wrong type, bad fields, a NUL: all the unknown id's 404", async () => {
    const onA = await created(["A"]);
    const bodies: { raw: string; contentType?: string }[] = [
      { raw: '{"amount":' },
      { raw: "amount=1", contentType: "text/plain" },
      { raw: JSON.stringify({ amount: "-1", currency_code: "XXX", pg_codes: ["nope"] }) },
      { raw: JSON.stringify({ customer_first_name: "\u0000" }) },
      { raw: "[1,2]" },
    ];
    await unchanged(onA, async () => {
      for (const body of bodies) {
        for (const method of ["PATCH", "PUT"]) {
          const theirs = await request(method, txnPath(onA), { auth: bAuth, ...body });
          expectSameAsUnknown(theirs, await request(method, txnPath(unknownId()), { auth: bAuth, ...body }));
        }
      }
    });
  });

  it("a deleted one of the caller's own is not found either, and the caller's own transaction still changes", async () => {
    const onB = await created(["B"]);
    const res = await request("PATCH", txnPath(onB), { auth: bAuth, body: { amount: "12" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ session_id: onB, amount: "12.000" });
    // Its own rule still holds: B's user may not move it to A.
    const toA = await request("PATCH", txnPath(onB), { auth: bAuth, body: { pg_codes: ["A"] } });
    expect(toA.status).toBe(400);
    expect(toA.body).toEqual({ pg_codes: [expect.stringMatching(/not allowed for you: A/)] });

    expect((await operate(bAuth, { operation: "delete", session_id: onB })).status).toBe(200);
    await unchanged(onB, async () => {
      expectSameAsUnknown(await request("PATCH", txnPath(onB), { auth: bAuth, body: { amount: "13" } }), await request("PATCH", txnPath(unknownId()), { auth: bAuth, body: { amount: "13" } }));
    });
  });

  it("the public GET stays public, and the API key and a superuser still change any transaction", async () => {
    const onAB = await created(["A", "B"]);
    expect((await request("GET", txnPath(onAB))).status).toBe(200);
    expect((await request("PATCH", txnPath(onAB), { auth: apiKey, body: { amount: "11" } })).status).toBe(200);
  });

  it("cannot tell another gateway's transaction from a missing one by timing (same order of magnitude)", async () => {
    const onA = await created(["A"]);
    const times = { theirs: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 15; i++) {
      for (const [name, id] of [["theirs", onA], ["unknown", unknownId()]] as const) {
        const started = performance.now();
        const res = await request("PATCH", txnPath(id), { auth: bAuth, body: ATTACK });
        times[name].push(performance.now() - started);
        expect(res.status).toBe(404);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(times.theirs) / median(times.unknown);
    expect(ratio).toBeLessThan(10);
    expect(ratio).toBeGreaterThan(0.1);
  });
});

describe("operations, inquiry, message-notification and auto-debit on another scope's transaction", () => {
  it("cancel, expire and delete by session_id or order_no: the unknown id's 404, nothing recorded", async () => {
    const onAB = await created(["A", "B"], { order_no: "SCOPE-OPS-1", customer_email: "sara@example.com" });
    await unchanged(onAB, async () => {
      for (const operation of ["cancel", "expire", "delete"]) {
        expectSameAsUnknown(
          await operate(bAuth, { operation, session_id: onAB }),
          await operate(bAuth, { operation, session_id: unknownId() }),
        );
        expectSameAsUnknown(
          await operate(bAuth, { operation, order_no: "SCOPE-OPS-1" }),
          await operate(bAuth, { operation, order_no: "SCOPE-NO-SUCH" }),
        );
      }
    });
  });

  it("refund of money taken on A of a transaction naming A and B: 404, no money moves, the gateway is never asked", async () => {
    const paid = await paidOn(["A", "B"], "A", { order_no: "SCOPE-REFUND-1" });
    await unchanged(paid, async () => {
      expectSameAsUnknown(await operate(bAuth, { operation: "refund", session_id: paid, amount: "1" }), await operate(bAuth, { operation: "refund", session_id: unknownId(), amount: "1" }));
      expectSameAsUnknown(await operate(bAuth, { operation: "refund", order_no: "SCOPE-REFUND-1" }), await operate(bAuth, { operation: "refund", order_no: "SCOPE-NO-SUCH" }));
    });
    // The API key still refunds it.
    expect((await operate(apiKey, { operation: "refund", session_id: paid, amount: "1" })).status).toBe(200);
  });

  it("capture and void of an authorization taken on A-auth of a transaction naming A-auth and B-auth: 404, nothing moves", async () => {
    const authorized = await paidOn(["A-auth", "B-auth"], "A-auth");
    await unchanged(authorized, async () => {
      for (const operation of ["capture", "void"]) {
        expectSameAsUnknown(await operate(bAuth, { operation, session_id: authorized }), await operate(bAuth, { operation, session_id: unknownId() }));
      }
      // With an amount, read and claimed in one statement: it claims nothing either.
      expectSameAsUnknown(
        await operate(bAuth, { operation: "capture", session_id: authorized, amount: "1" }),
        await operate(bAuth, { operation: "capture", session_id: unknownId(), amount: "1" }),
      );
    });
  });

  it("money taken by a gateway the caller may not use is not theirs, even when every gateway the transaction names now is", async () => {
    const paid = await paidOn(["A"], "A");
    // As if its gateways had changed after the payment: it now names only B, yet A took the money.
    await ctx.db.updateTable("transactions").set({ pg_codes: ["B"] }).where("session_id", "=", paid).execute();
    await unchanged(paid, async () => {
      expectSameAsUnknown(await operate(bAuth, { operation: "refund", session_id: paid, amount: "1" }), await operate(bAuth, { operation: "refund", session_id: unknownId(), amount: "1" }));
    });
    // The panel offers B's user no refund button on it either.
    expect((await loadTransactionDetail({ ctx, input: { caller: bUser, sessionId: paid } })).allowed).toEqual([]);
  });

  it("inquiry by session_id or order_no: the unknown id's 404", async () => {
    const onAB = await created(["A", "B"], { order_no: "SCOPE-INQ-1" });
    await payWith(ctx, onAB, CARDS.noAnswer, { code: "A" });
    await unchanged(onAB, async () => {
      expectSameAsUnknown(await request("POST", "/b/pbl/v2/inquiry/", { auth: bAuth, body: { session_id: onAB } }), await request("POST", "/b/pbl/v2/inquiry/", { auth: bAuth, body: { session_id: unknownId() } }));
      expectSameAsUnknown(await request("POST", "/b/pbl/v2/inquiry/", { auth: bAuth, body: { order_no: "SCOPE-INQ-1" } }), await request("POST", "/b/pbl/v2/inquiry/", { auth: bAuth, body: { order_no: "SCOPE-NO-SUCH" } }));
    });
  });

  it("message-notification: the unknown id's 404, no link sent", async () => {
    const onAB = await created(["A", "B"], { customer_email: "sara@example.com", order_no: "SCOPE-MSG-1" });
    await unchanged(onAB, async () => {
      for (const target of [{ session_id: onAB }, { order_no: "SCOPE-MSG-1" }]) {
        const unknown = "session_id" in target ? { session_id: unknownId() } : { order_no: "SCOPE-NO-SUCH" };
        expectSameAsUnknown(
          await request("POST", "/b/pbl/v2/message-notification/", { auth: bAuth, body: { ...target, channels: ["email"] } }),
          await request("POST", "/b/pbl/v2/message-notification/", { auth: bAuth, body: { ...unknown, channels: ["email"] } }),
        );
      }
    });
  });

  it("auto-debit: another scope's transaction is the unknown id's 404, not a 409 about its payment type", async () => {
    const onAB = await created(["A", "B"]);
    await unchanged(onAB, async () => {
      expectSameAsUnknown(await request("POST", "/b/pbl/v2/auto-debit/", { auth: bAuth, body: { session_id: onAB, token: "tok" } }), await request("POST", "/b/pbl/v2/auto-debit/", { auth: bAuth, body: { session_id: unknownId(), token: "tok" } }));
    });
  });

  it("auto-debit: a card saved on a gateway the caller may not use is refused as an unknown token, naming nothing of it", async () => {
    const agreement = { id: "scope-sub", amount_variability: "fixed", expiry_date: `${new Date().getUTCFullYear() + 1}-12-31`, cycle_interval_days: 30, frequency: "monthly", total_cycles: 12 };
    const first = await created(["A"], { payment_type: "auto_debit", customer_id: "scope-cust", agreement });
    await deliverReturn(ctx, (await payWith(ctx, first, CARDS.approve, { code: "A" })).next);
    const card = await ctx.db.selectFrom("saved_cards").select(["token", "gateway_code"]).where("customer_id", "=", "scope-cust").executeTakeFirstOrThrow();
    expect(card.gateway_code).toBe("A");
    const onB = await created(["B"], { payment_type: "auto_debit", customer_id: "scope-cust", agreement });
    await unchanged(onB, async () => {
      const theirs = await request("POST", "/b/pbl/v2/auto-debit/", { auth: bAuth, body: { session_id: onB, token: card.token } });
      const unknown = await request("POST", "/b/pbl/v2/auto-debit/", { auth: bAuth, body: { session_id: onB, token: "no-such-token" } });
      expect(theirs.text).not.toMatch(/gateway A|\bA\b/);
      expectSameAsUnknown(theirs, unknown, 400);
    });
  });
});

describe("idempotency-key replays", () => {
  it("an operation's replay is the unknown id's 404 once the transaction is no longer the caller's", async () => {
    const user = await createUser(ctx, { gatewayCodes: ["A", "B"], permissions: [...ACTIONS] });
    const auth = basicAuth(user.username, user.password);
    const onA = await created(["A"]);
    const first = await operate(auth, { operation: "cancel", session_id: onA }, { "Tracking-Key": "scope-replay-1" });
    expect(first.status, first.text).toBe(200);
    const again = await operate(auth, { operation: "cancel", session_id: onA }, { "Tracking-Key": "scope-replay-1" });
    expect(again.status).toBe(200);

    await updateAdminUserAccess({ ctx, input: { id: user.id, access: { isSuperuser: false, gatewayCodes: ["B"], permissions: [...ACTIONS] } } });
    await unchanged(onA, async () => {
      expectSameAsUnknown(
        await operate(auth, { operation: "cancel", session_id: onA }, { "Tracking-Key": "scope-replay-1" }),
        await operate(auth, { operation: "cancel", session_id: unknownId() }, { "Tracking-Key": "scope-replay-unknown" }),
      );
    });
  });

  it("a create's replay does not hand back a transaction that is no longer the caller's", async () => {
    const user = await createUser(ctx, { gatewayCodes: ["A"], permissions: [...ACTIONS] });
    const auth = basicAuth(user.username, user.password);
    const body = { pg_codes: ["A"], amount: "10", currency_code: "KWD", customer_email: "secret@example.com" };
    const first = await request("POST", "/b/checkout/v1/pymt-txn/", { auth, body, headers: { "Idempotency-Key": "scope-create-1" } });
    expect(first.status, first.text).toBe(201);
    const sessionId = (first.body as { session_id: string }).session_id;

    await updateAdminUserAccess({ ctx, input: { id: user.id, access: { isSuperuser: false, gatewayCodes: ["B"], permissions: [...ACTIONS] } } });
    await unchanged(sessionId, async () => {
      const replay = await request("POST", "/b/checkout/v1/pymt-txn/", { auth, body, headers: { "Idempotency-Key": "scope-create-1" } });
      expect(replay.status, replay.text).toBe(409);
      expect(replay.text).not.toContain(sessionId);
      expect(replay.text).not.toContain("secret@example.com");
    });
  });
});

describe("the admin panel", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver(() => 500);
  });

  /** A transaction paid on `code` whose webhook was tried once and failed (the receiver answers 500). */
  async function failingWebhook(pgCodes: string[], code: string, fields: Record<string, unknown> = {}) {
    const sessionId = await paidOn(pgCodes, code, { webhook_url: receiver.url, ...fields });
    const event = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const [deliveryId] = (await planEventEffects(ctx.db, event.event_id)).deliveryIds;
    await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } });
    return { sessionId, deliveryId: deliveryId! };
  }

  /** The payment link sent again by the API key, its messages planned (as the dispatch job would). */
  async function linkSent(sessionId: string) {
    const res = await request("POST", "/b/pbl/v2/message-notification/", { auth: apiKey, body: { session_id: sessionId, channels: ["email"] } });
    expect(res.status, res.text).toBe(200);
    const event = (await events(ctx, sessionId)).find((e) => e.kind === "link_resent")!;
    await planEventEffects(ctx.db, event.event_id);
  }

  it("a transaction's page, its operations and its webhook retries: not found for a transaction naming a gateway the user may not use", async () => {
    const { sessionId: paid, deliveryId } = await failingWebhook(["A", "B"], "A");
    const delivery = () => ctx.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", deliveryId).executeTakeFirstOrThrow();
    const deliveryBefore = await delivery();

    await unchanged(paid, async () => {
      await expect(loadTransactionDetail({ ctx, input: { caller: bUser, sessionId: paid } })).rejects.toThrow(NotFound);
      const { version } = await loadTransactionDetail({ ctx, input: { caller: superuser, sessionId: paid } });
      const form = new FormData();
      for (const [k, v] of Object.entries({ sessionId: paid, operation: "refund", amount: "1", version })) form.set(k, v);
      expect(await runOperationForm({ ctx, input: { caller: bUser, form } })).toMatchObject({ error: "No such transaction.", done: null });
      const retry = new FormData();
      retry.set("only", deliveryId);
      expect(await retryDeliveriesForm({ ctx, input: { caller: bUser, form: retry } })).toEqual({ message: null, error: "No such delivery." });
    });
    expect(await delivery()).toEqual(deliveryBefore);
  });

  it("the transaction list (live JSON and CSV export), dashboard, failing deliveries and messages count only transactions wholly the user's", async () => {
    const listed = await createUser(ctx, { gatewayCodes: ["B"], permissions: ["create"] });
    const lister = adminCaller(listed);
    const figuresBefore = await dashboardFigures({ ctx, input: { caller: lister } });
    const mine = await failingWebhook(["B"], "B", { order_no: "SCOPE-LIST-MINE", customer_email: "mine@example.com" });
    const shared = await failingWebhook(["A", "B"], "B", { order_no: "SCOPE-LIST-SHARED", customer_email: "shared@example.com" });
    const openMine = await created(["B"], { customer_email: "mine@example.com" });
    const openShared = await created(["A", "B"], { customer_email: "shared@example.com" });
    await linkSent(openMine);
    await linkSent(openShared);
    const cookie = await sessionCookie(listed.id);

    const live = await request("GET", "/api/admin/transactions", { headers: { cookie } });
    expect(live.status, live.text).toBe(200);
    const ids = (live.body as { items: { sessionId: string }[] }).items.map((i) => i.sessionId);
    expect(ids).toEqual(expect.arrayContaining([mine.sessionId, openMine]));
    expect(ids).not.toContain(shared.sessionId);
    expect(ids).not.toContain(openShared);
    // Searching for it by its session id or order number finds nothing either.
    for (const q of [shared.sessionId, "SCOPE-LIST-SHARED"]) {
      const found = await request("GET", `/api/admin/transactions?q=${q}`, { headers: { cookie } });
      expect((found.body as { items: unknown[] }).items, q).toEqual([]);
    }
    const csv = await request("GET", "/api/admin/transactions/export", { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(mine.sessionId);
    expect(csv.text).not.toContain(shared.sessionId);
    expect(csv.text).not.toContain(openShared);

    // Of the four, the dashboard counts only its own two (the paid one and the open one) and the one failing delivery.
    const figures = await dashboardFigures({ ctx, input: { caller: lister } });
    const grown = Object.fromEntries(
      figures.states.map((s) => [s.state, s.count - figuresBefore.states.find((b) => b.state === s.state)!.count]).filter(([, n]) => n !== 0),
    );
    expect(grown).toEqual({ paid: 1, created: 1 });
    const failing = ({ retrying, failed }: { retrying: number; failed: number }) => retrying + failed;
    expect(failing(figures.failingDeliveries) - failing(figuresBefore.failingDeliveries)).toBe(1);

    const deliveries = (await listFailingDeliveries({ ctx, input: { caller: lister } })).map((d) => d.session_id);
    expect(deliveries).toContain(mine.sessionId);
    expect(deliveries).not.toContain(shared.sessionId);
    const messages = (await listMessages({ ctx, input: { caller: lister } })).map((m) => m.session_id);
    expect(messages).toContain(openMine);
    expect(messages).not.toContain(openShared);
  });
});

describe("legacy bulk upload", () => {
  const file = (tag: string) => new TextEncoder().encode(`amount,currency_code,customer_email,gateway_code\n10,KWD,${tag}-1@example.com,B\n12,KWD,${tag}-2@example.com,B\n`);
  const upload = (caller: UserCaller, bytes: Uint8Array) => createBulkPaymentRequests({ ctx, input: { caller, file: { name: "requests.csv", bytes } } });

  beforeAll(async () => {
    await updateSettings({ ctx, input: { defaultRedirectUrl: "https://merchant.example/done", defaultDisclosureUrl: "https://merchant.example/disclose" } });
  });

  it("never reports another uploader's rows as already created: the same bytes are their own bulk", async () => {
    const first = adminCaller(await createUser(ctx, { gatewayCodes: ["A", "B"], permissions: ["create"] }));
    const second = adminCaller(await createUser(ctx, { gatewayCodes: ["B"], permissions: ["create"] }));
    const bytes = file("bulk-scope");
    const mine = await upload(first, bytes);
    expect(mine.counts).toMatchObject({ created: 2, already_created: 0, invalid: 0 });

    const theirs = await upload(second, bytes);
    expect(theirs.already_created).toEqual([]);
    const shown = JSON.stringify(theirs);
    for (const row of mine.created) expect(shown).not.toContain(row.session_id);
    expect(theirs.bulk_id).not.toBe(mine.bulk_id);
    expect(theirs.counts).toMatchObject({ created: 2, already_created: 0, invalid: 0 });

    // Each uploader's own second upload still creates nothing twice.
    expect((await upload(first, bytes)).already_created).toEqual(mine.created);
    expect((await upload(second, bytes)).already_created).toEqual(theirs.created);
  });

  it("an uploader whose gateways changed is not shown the rows on a gateway they may no longer use", async () => {
    const user = await createUser(ctx, { gatewayCodes: ["B"], permissions: ["create"] });
    const bytes = file("bulk-shrunk");
    const first = await upload(adminCaller(user), bytes);
    expect(first.counts.created).toBe(2);
    const { after } = await updateAdminUserAccess({ ctx, input: { id: user.id, access: { isSuperuser: false, gatewayCodes: ["A"], permissions: ["create"] } } });
    const again = await upload(adminCaller(after), bytes);
    expect(again.already_created).toEqual([]);
    expect(again.counts).toMatchObject({ created: 0, invalid: 2 });
    for (const row of first.created) expect(JSON.stringify(again)).not.toContain(row.session_id);
  });
});
