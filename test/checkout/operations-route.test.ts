import { beforeAll, describe, expect, it } from "vitest";
import * as getRoute from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import * as inquiryRoute from "@/app/b/pbl/v2/inquiry/route";
import * as operationRoute from "@/app/b/pbl/v2/operation/route";
import type { Caller } from "@/lib/access/auth/permissions";
import { REFUSAL_MESSAGE } from "@/lib/gateways/sandbox/sandbox-operations";
import { basicAuth, createKey, createUser } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { CARDS, deliverReturn, events, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// POST /b/pbl/v2/operation/ over HTTP against a real database and the sandbox gateway: what each operation does,
// what it refuses, and that money moves exactly once however requests race or repeat.

const ctx = testContext();
let caller: Caller;
let base: string;
let apiKey: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  apiKey = (await createKey(ctx)).key;
  base = await serveRoutes([
    { path: "/b/pbl/v2/operation", module: operationRoute },
    { path: "/b/pbl/v2/inquiry", module: inquiryRoute },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: getRoute },
  ]);
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Api-Key ${apiKey}`, ...headers },
    body: JSON.stringify(body),
  });
const operate = (body: Record<string, unknown>, headers: Record<string, string> = {}) => post("/b/pbl/v2/operation/", body, headers);

const money = async (sessionId: string) =>
  ctx.db
    .selectFrom("transactions")
    .select(["state", "paid_amount", "captured_amount", "refunded_amount", "voided_amount", "held_amount", "deleted_at"])
    .where("session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
const operationsOf = (sessionId: string) =>
  ctx.db.selectFrom("operations").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();
const sandboxOperationsOf = (reference: string) =>
  ctx.db.selectFrom("sandbox_operations").selectAll().where("payment_reference", "=", reference).execute();

/** A transaction paid (or authorized, on card-auth) through the sandbox with the given card. */
async function paid(options: { card?: string; code?: string; fields?: Record<string, unknown> } = {}) {
  const code = options.code ?? "card";
  const sessionId = await newTransaction(ctx, caller, { pg_codes: [code], ...options.fields });
  const { reference, next } = await payWith(ctx, sessionId, options.card ?? CARDS.approve, { code });
  await deliverReturn(ctx, next);
  return { sessionId, reference };
}

describe("refund", () => {
  it("refunds in parts, then the rest by default; the transaction becomes refunded when nothing remains", async () => {
    const { sessionId, reference } = await paid({ fields: { order_no: "OPS-R1" } });
    const first = await operate({ operation: "refund", session_id: sessionId, amount: "2.5" });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({
      detail: "Success",
      operation: "refund",
      result: "success",
      success: true,
      amount: "2.500",
      currency_code: "KWD",
      session_id: sessionId,
      order_no: "OPS-R1",
      pg_code: "card",
      is_sandbox: true,
      pg_response: { result: "REFUNDED", trackid: reference },
      txn: { state: "paid", amount: "10.000", refunded_amount: "2.500", captured_amount: "0.000", voided_amount: "0.000", remaining_amount: "7.500" },
    });
    expect(body.reference_number).toMatch(/^OP[0-9A-F]{16}$/);

    // By order number, operation in any letter case, amount as a number; then the rest by default.
    const second = await operate({ operation: "Refund", order_no: "OPS-R1", amount: 1 });
    expect((await second.json()).txn).toMatchObject({ refunded_amount: "3.500", remaining_amount: "6.500" });
    const rest = await operate({ operation: "REFUND", session_id: sessionId });
    expect(await rest.json()).toMatchObject({ amount: "6.500", txn: { state: "refunded", refunded_amount: "10.000", remaining_amount: "0.000" } });

    expect(await money(sessionId)).toMatchObject({ state: "refunded", refunded_amount: "10.000000", held_amount: "0.000000" });
    expect((await operationsOf(sessionId)).map((o) => [o.kind, o.state, o.amount])).toEqual([
      ["refund", "success", "2.500000"],
      ["refund", "success", "1.000000"],
      ["refund", "success", "6.500000"],
    ]);
    const refundEvents = (await events(ctx, sessionId)).filter((e) => e.kind === "operation");
    expect(refundEvents.map((e) => [e.from_state, e.to_state])).toEqual([
      ["paid", "paid"],
      ["paid", "paid"],
      ["paid", "refunded"],
    ]);
    // Nothing remains: a further refund is not allowed in this state.
    const again = await operate({ operation: "refund", session_id: sessionId, amount: "1" });
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toBe("The transaction is refunded: refund is not allowed. Operations allowed in this state: delete.");
  });

  it("an amount above what remains, zero, negative, malformed or with too many decimals is a 400 on amount that changes nothing", async () => {
    const { sessionId } = await paid();
    const cases: [unknown, RegExp][] = [
      ["1.0001", /no more than 3 decimal places/],
      ["10.001", /at most 10.000 KWD/],
      ["10.5", /at most 10.000 KWD/],
      ["0", /greater than 0/],
      ["-1", /greater than 0/],
      ["ten", /valid amount/],
      [-2, /greater than 0/],
      [true, /valid number/],
    ];
    for (const [amount, message] of cases) {
      const res = await operate({ operation: "refund", session_id: sessionId, amount });
      expect(res.status, String(amount)).toBe(400);
      const body = await res.json();
      expect(Object.keys(body)).toEqual(["amount"]);
      expect(body.amount[0]).toMatch(message);
    }
    expect(await money(sessionId)).toMatchObject({ state: "paid", refunded_amount: "0.000000", held_amount: "0.000000" });
    expect(await operationsOf(sessionId)).toEqual([]);
  });

  it("20 concurrent partial refunds never refund more than was paid", async () => {
    const { sessionId, reference } = await paid();
    const answers = await Promise.all(Array.from({ length: 20 }, () => operate({ operation: "refund", session_id: sessionId, amount: "3" })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(17);
    expect(await money(sessionId)).toMatchObject({ state: "paid", refunded_amount: "9.000000", held_amount: "0.000000" });
    expect((await operationsOf(sessionId)).filter((o) => o.state === "success")).toHaveLength(3);
    expect((await sandboxOperationsOf(reference)).filter((o) => o.status === "approved")).toHaveLength(3);
  });

  it("a refusal by the gateway is a 400 with its message, recorded as a failed operation; money stays", async () => {
    const { sessionId } = await paid({ card: "4000 0000 0000 0069" });
    const res = await operate({ operation: "refund", session_id: sessionId, amount: "4" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ detail: REFUSAL_MESSAGE, operation: "refund", result: "failed", success: false, amount: "4.000" });
    expect(await money(sessionId)).toMatchObject({ state: "paid", refunded_amount: "0.000000", held_amount: "0.000000" });
    expect((await operationsOf(sessionId)).map((o) => [o.state, o.message])).toEqual([["failed", REFUSAL_MESSAGE]]);
  });

  it("a gateway that does not answer leaves the operation pending (202); inquiry settles it", async () => {
    const { sessionId } = await paid({ card: "4000 0000 0000 0077" });
    const res = await operate({ operation: "refund", session_id: sessionId });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ result: "pending", success: false, amount: "10.000", txn: { state: "paid", refunded_amount: "0.000" } });
    expect(await money(sessionId)).toMatchObject({ state: "paid", refunded_amount: "0.000000", held_amount: "10.000000" });
    // The held money cannot be refunded twice meanwhile.
    expect((await operate({ operation: "refund", session_id: sessionId, amount: "1" })).status).toBe(400);

    const inquiry = await post("/b/pbl/v2/inquiry/", { session_id: sessionId });
    expect(await inquiry.json()).toMatchObject({ state: "refunded", refunded_amount: "10.000" });
    expect(await money(sessionId)).toMatchObject({ state: "refunded", held_amount: "0.000000" });
    const settled = (await events(ctx, sessionId)).filter((e) => e.kind === "operation");
    expect(settled).toMatchObject([{ cause: "inquiry", to_state: "refunded", data: { operation: "refund", result: "success" } }]);
  });
});

describe("capture and void", () => {
  it("captures part of an authorization once, releasing the rest; then refunds at most what was captured", async () => {
    const { sessionId } = await paid({ code: "card-auth" });
    const res = await operate({ operation: "capture", session_id: sessionId, amount: "6" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ operation: "capture", amount: "6.000", pg_response: { result: "CAPTURED" }, txn: { state: "captured", captured_amount: "6.000", voided_amount: "4.000", remaining_amount: "6.000" } });
    const twice = await operate({ operation: "capture", session_id: sessionId });
    expect(twice.status).toBe(409);
    expect((await twice.json()).detail).toMatch(/^The transaction is captured: capture is not allowed. Operations allowed in this state: refund.$/);
    expect((await operate({ operation: "refund", session_id: sessionId, amount: "6.5" })).status).toBe(400);
    const refund = await operate({ operation: "refund", session_id: sessionId });
    expect(await refund.json()).toMatchObject({ amount: "6.000", txn: { state: "refunded", refunded_amount: "6.000", remaining_amount: "0.000" } });
  });

  it("voids a whole authorization; an amount other than all of it is refused", async () => {
    const { sessionId } = await paid({ code: "card-auth" });
    expect((await operate({ operation: "void", session_id: sessionId, amount: "5" })).status).toBe(400);
    const res = await operate({ operation: "void", session_id: sessionId });
    expect(await res.json()).toMatchObject({ operation: "void", amount: "10.000", txn: { state: "voided", voided_amount: "10.000", remaining_amount: "0.000" } });
    expect((await operate({ operation: "capture", session_id: sessionId })).status).toBe(409);
  });

  it("a capture and a void racing each other: one wins, the other gets 409", async () => {
    for (let round = 0; round < 3; round++) {
      const { sessionId, reference } = await paid({ code: "card-auth" });
      const [capture, voiding] = await Promise.all([
        operate({ operation: "capture", session_id: sessionId }),
        operate({ operation: "void", session_id: sessionId }),
      ]);
      expect([capture.status, voiding.status].sort()).toEqual([200, 409]);
      const { state } = await money(sessionId);
      expect(state).toBe(capture.status === 200 ? "captured" : "voided");
      expect((await sandboxOperationsOf(reference)).map((o) => o.status)).toEqual(["approved"]);
    }
  });

  it("capture and void are only for authorizations; refund is not", async () => {
    const { sessionId } = await paid();
    for (const operation of ["capture", "void"]) {
      const res = await operate({ operation, session_id: sessionId });
      expect(res.status).toBe(409);
      expect((await res.json()).detail).toBe(`The transaction is paid: ${operation} is not allowed. Operations allowed in this state: refund.`);
    }
    const authorized = await paid({ code: "card-auth" });
    expect((await operate({ operation: "refund", session_id: authorized.sessionId })).status).toBe(409);
  });
});

describe("cancel, expire and delete", () => {
  it("cancels or expires a link nobody has paid, with an event and the operation's record", async () => {
    for (const [operation, state] of [["cancel", "canceled"], ["EXPIRE", "expired"]] as const) {
      const sessionId = await newTransaction(ctx, caller);
      const res = await operate({ operation, session_id: sessionId, extra: { reason: "customer asked" } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ detail: "Success", operation: operation.toLowerCase(), result: "success", session_id: sessionId, state });
      expect((await money(sessionId)).state).toBe(state);
      expect(await operationsOf(sessionId)).toMatchObject([{ kind: operation.toLowerCase(), state: "success", extra: { reason: "customer asked" } }]);
      expect((await events(ctx, sessionId)).at(-1)).toMatchObject({ kind: "state_changed", from_state: "created", to_state: state, cause: "api" });
      const again = await operate({ operation, session_id: sessionId });
      expect(again.status).toBe(409);
      expect((await again.json()).detail).toBe(`The transaction is ${state}: ${operation.toLowerCase()} is not allowed. Operations allowed in this state: delete.`);
    }
  });

  it("delete hides a transaction from the API while its records stay; an unpaid link is canceled on the way", async () => {
    const sessionId = await newTransaction(ctx, caller, { order_no: "OPS-D1" });
    const res = await operate({ operation: "delete", order_no: "OPS-D1" });
    expect(await res.json()).toEqual({ detail: "Success", operation: "delete", result: "success", session_id: sessionId, state: "canceled" });
    expect((await fetch(`${base}/b/checkout/v1/pymt-txn/${sessionId}`, { headers: { authorization: `Api-Key ${apiKey}` } })).status).toBe(404);
    expect((await operate({ operation: "refund", session_id: sessionId })).status).toBe(404);
    expect((await post("/b/pbl/v2/inquiry/", { session_id: sessionId })).status).toBe(404);
    expect(await money(sessionId)).toMatchObject({ state: "canceled", deleted_at: expect.any(Date) });
    expect((await events(ctx, sessionId)).map((e) => e.kind)).toEqual(["created", "deleted"]);
    // Its order number is free again.
    expect(await newTransaction(ctx, caller, { order_no: "OPS-D1" })).toMatch(/^[0-9a-f]{40}$/);
  });

  it("a paid transaction cannot be deleted before it is refunded", async () => {
    const { sessionId } = await paid();
    const res = await operate({ operation: "delete", session_id: sessionId });
    expect(res.status).toBe(409);
    expect((await res.json()).detail).toBe(
      "The transaction is paid: delete is not allowed. Operations allowed in this state: refund. Refund or void the payment before deleting it.",
    );
    await operate({ operation: "refund", session_id: sessionId });
    expect((await (await operate({ operation: "delete", session_id: sessionId })).json()).state).toBe("refunded");
  });
});

describe("idempotency", () => {
  it("the same Tracking-Key and body return the first answer without a second gateway call; another body is a 409", async () => {
    const { sessionId, reference } = await paid();
    const body = { operation: "refund", session_id: sessionId, amount: "1.25" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => operate(body, { "Tracking-Key": "refund-1" })));
    const ok = answers.filter((r) => r.status === 200);
    // Each of the others is the first answer replayed or a 409 (still in progress); a failure shows what else came back.
    const others = answers.filter((r) => r.status !== 200 && r.status !== 409);
    expect(await Promise.all(others.map(async (r) => `${r.status} ${await r.text()}`))).toEqual([]);
    expect(ok.length, await Promise.all(answers.map(async (r) => `${r.status} ${await r.clone().text()}`)).then((a) => a.join("\n"))).toBeGreaterThanOrEqual(1);
    const first = await ok[0]!.json();
    const replay = await operate(body, { "Tracking-Key": "refund-1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(first);
    // Idempotency-Key is the same key.
    expect(await (await operate(body, { "Idempotency-Key": "refund-1" })).json()).toEqual(first);
    expect((await sandboxOperationsOf(reference))).toHaveLength(1);
    expect((await money(sessionId)).refunded_amount).toBe("1.250000");

    const other = await operate({ ...body, amount: "2" }, { "Tracking-Key": "refund-1" });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ detail: "This Tracking-Key was already used with a different request body." });
    const mismatch = await operate(body, { "Tracking-Key": "a", "Idempotency-Key": "b" });
    expect(mismatch.status).toBe(400);
  });
});

describe("wrong requests", () => {
  it("neither or both of session_id and order_no, an unknown operation: 400; an unknown transaction: 404", async () => {
    const sessionId = await newTransaction(ctx, caller, { order_no: "OPS-W1" });
    const bad = await operate({ operation: "refnd", session_id: sessionId, order_no: "OPS-W1" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      operation: ['"refnd" is not a valid choice: use one of cancel, expire, delete, capture, refund, void.'],
      session_id: ["Give exactly one of session_id and order_no."],
    });
    expect(await (await operate({ session_id: sessionId })).json()).toEqual({ operation: ["This field is required."] });
    for (const body of [{ operation: "cancel", session_id: "0".repeat(40) }, { operation: "cancel", order_no: "NO-SUCH" }]) {
      expect((await operate(body)).status).toBe(404);
    }
    expect((await money(sessionId)).state).toBe("created");
  });

  it("form and multipart bodies, with and without the trailing slash", async () => {
    const a = await newTransaction(ctx, caller);
    const form = await fetch(`${base}/b/pbl/v2/operation`, {
      method: "POST",
      headers: { authorization: `Api-Key ${apiKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ operation: "cancel", session_id: a }),
    });
    expect(form.status).toBe(200);
    const b = await newTransaction(ctx, caller);
    const data = new FormData();
    data.set("operation", "expire");
    data.set("session_id", b);
    const multipart = await fetch(`${base}/b/pbl/v2/operation/`, { method: "POST", headers: { authorization: `Api-Key ${apiKey}` }, body: data });
    expect(await multipart.json()).toMatchObject({ state: "expired" });
  });

  it("a Basic user needs the operation's own permission", async () => {
    const { sessionId } = await paid();
    const cancelOnly = await createUser(ctx, { gatewayCodes: ["card"], permissions: ["cancel"] });
    const refused = await operate({ operation: "refund", session_id: sessionId }, { authorization: basicAuth(cancelOnly.username, cancelOnly.password) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: "You do not have permission to refund payment transactions." });
    const refunder = await createUser(ctx, { gatewayCodes: ["card"], permissions: ["refund"] });
    const ok = await operate({ operation: "refund", session_id: sessionId, amount: "1" }, { authorization: basicAuth(refunder.username, refunder.password) });
    expect(ok.status).toBe(200);
    expect((await operationsOf(sessionId))[0]).toMatchObject({ requested_by_user_id: refunder.id, requested_by_api_key_id: null });
    expect((await operate({ operation: "refund", session_id: sessionId }, { authorization: "" })).status).toBe(401);
  });
});
