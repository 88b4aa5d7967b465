import { beforeAll, describe, expect, it } from "vitest";
import { loadTransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { runOperationForm } from "@/lib/panel/admin/run-operation-form";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Action, Caller } from "@/lib/access/auth/permissions";
import { NotFound } from "@/lib/core/errors";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { createGateway, createUser } from "../support/factories";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// A transaction's page in the panel (the server action's rules, after it has read the signed-in user): what it
// shows and to whom, and the operations started from it through the API's verb, with their audit entries.

const ctx = testContext();
let apiKey: Caller;
let superuser: UserCaller;
let clerk: UserCaller; // gateway "card", may refund
let viewer: UserCaller; // gateway "card", may not refund

const userWith = async (input: { isSuperuser?: boolean; gatewayCodes?: string[]; permissions?: Action[] }) => adminCaller(await createUser(ctx, input));

beforeAll(async () => {
  apiKey = await setUpPayments(ctx);
  await createGateway(ctx, { code: "other", currencies: ["KWD"] });
  superuser = await userWith({ isSuperuser: true });
  clerk = await userWith({ gatewayCodes: ["card", "card-auth"], permissions: ["refund", "capture"] });
  viewer = await userWith({ gatewayCodes: ["card"], permissions: ["create"] });
});

/** A transaction paid (or authorized) with a card on `code`. */
async function paid(code = "card", card: string = CARDS.approve) {
  const sessionId = await newTransaction(ctx, apiKey, { pg_codes: [code], amount: "10" });
  await deliverReturn(ctx, (await payWith(ctx, sessionId, card, { code })).next);
  return sessionId;
}

const detail = (caller: Caller, sessionId: string) => loadTransactionDetail({ ctx, input: { caller, sessionId } });

/** The operation form as the page renders it for this transaction now (its current version). */
async function formFor(sessionId: string, operation: string, amount = "") {
  const { version } = await detail(superuser, sessionId);
  const form = new FormData();
  for (const [k, v] of Object.entries({ sessionId, operation, amount, version })) form.set(k, v);
  return form;
}
const send = (caller: UserCaller, form: FormData) => runOperationForm({ ctx, input: { caller, form } });

const money = (sessionId: string) =>
  ctx.db
    .selectFrom("transactions")
    .select(["state", "refunded_amount", "captured_amount", "voided_amount", "held_amount"])
    .where("session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
const operationsOf = (sessionId: string) =>
  ctx.db.selectFrom("operations").select(["kind", "state", "amount", "requested_by_user_id"]).where("session_id", "=", sessionId).orderBy("id").execute();
const auditOf = (sessionId: string) =>
  ctx.db.selectFrom("audit_log").select(["actor", "action", "entity", "before", "after"]).where("entity_id", "=", sessionId).orderBy("id").execute();

describe("the transaction page", () => {
  it("shows every record of a paid transaction: events, the attempt with the gateway's answer, and the operations allowed", async () => {
    const sessionId = await paid();
    const page = await detail(superuser, sessionId);
    expect(page.txn).toMatchObject({ session_id: sessionId, state: "paid", currency_code: "KWD" });
    expect(page.decimals).toBe(3);
    expect(page.events.map((e) => [e.kind, e.from_state, e.to_state])).toEqual(
      expect.arrayContaining([
        ["created", null, "created"],
        [expect.any(String), expect.any(String), "paid"],
      ]),
    );
    expect(page.attempts).toHaveLength(1);
    expect(page.attempts[0]).toMatchObject({ state: "success", gateway_code: "card", card_brand: "Visa", card_masked: "•••• 1111" });
    expect(page.attempts[0]!.gateway_response).toMatchObject({ result: "CAPTURED" });
    expect(JSON.stringify(page.attempts)).not.toContain("12/39"); // never the card's expiry
    expect(page.created_by_api_key).toEqual(expect.any(String));
    expect(page.allowed).toEqual(["refund"]);
    expect(page.remaining).toBe("10.000");
  });

  it("offers capture and void on an authorization, cancel and expire before payment, nothing once refunded", async () => {
    expect((await detail(superuser, await paid("card-auth"))).allowed).toEqual(["capture", "void"]);
    expect((await detail(superuser, await newTransaction(ctx, apiKey))).allowed).toEqual(["cancel", "expire"]);
    const refunded = await paid();
    await send(superuser, await formFor(refunded, "refund", "10"));
    expect((await detail(superuser, refunded)).allowed).toEqual([]);
  });

  it("shows a user only the operations their permissions allow", async () => {
    const sessionId = await paid();
    expect((await detail(clerk, sessionId)).allowed).toEqual(["refund"]);
    expect((await detail(viewer, sessionId)).allowed).toEqual([]);
    expect((await detail(viewer, await newTransaction(ctx, apiKey))).allowed).toEqual([]);
  });

  it("answers not found for another gateway's transaction, as for a missing or malformed id", async () => {
    const theirs = await newTransaction(ctx, apiKey, { pg_codes: ["other"] });
    await expect(detail(clerk, theirs)).rejects.toThrow(NotFound);
    await expect(detail(clerk, "0".repeat(40))).rejects.toThrow(NotFound);
    await expect(detail(clerk, "not-a-session")).rejects.toThrow(NotFound);
    expect((await detail(superuser, theirs)).txn.session_id).toBe(theirs);
    // Shared with one of the user's gateways: not theirs either (a transaction is theirs when all its gateways are).
    const shared = await newTransaction(ctx, apiKey, { pg_codes: ["other", "card"] });
    await expect(detail(clerk, shared)).rejects.toThrow(NotFound);
    expect((await detail(superuser, shared)).txn.session_id).toBe(shared);
  });
});

describe("operations from the transaction page", () => {
  it("refunds part of a payment through the API's verb, as the admin, with an audit entry", async () => {
    const sessionId = await paid();
    const state = await send(clerk, await formFor(sessionId, "refund", "4"));
    expect(state).toEqual({ values: { amount: "" }, errors: {}, error: null, done: "Refund of KWD 4.000 done: the transaction is paid." });
    expect(await money(sessionId)).toMatchObject({ state: "paid", refunded_amount: "4.000000" });
    expect(await operationsOf(sessionId)).toEqual([{ kind: "refund", state: "success", amount: "4.000000", requested_by_user_id: clerk.id }]);
    const page = await detail(superuser, sessionId);
    expect(page.events.at(-1)).toMatchObject({ kind: "operation", data: expect.objectContaining({ operation: "refund", result: "success" }) });
    expect(page.operations.at(-1)).toMatchObject({ kind: "refund", user: clerk.username, api_key: null });
    expect(await auditOf(sessionId)).toEqual([
      {
        actor: clerk.username,
        action: "transaction.refund",
        entity: "transaction",
        before: { state: "paid" },
        after: { result: "success", state: "paid", amount: "4.000", reference_number: expect.stringMatching(/^OP/) },
      },
    ]);
  });

  it.each([
    ["abc", "A valid amount is required, such as 10.500."],
    ["10.0001", "Ensure that there are no more than 3 decimal places for KWD."],
    ["11", "Ensure this value is at most 10.000 KWD, what remains to refund."],
    ["0", "Ensure this value is greater than 0."],
    ["", "Enter the amount to refund, such as 10.500."],
  ])("keeps %j with its error under the amount field, moving nothing", async (amount, message) => {
    const sessionId = await paid();
    const state = await send(superuser, await formFor(sessionId, "refund", amount));
    expect(state).toEqual({ values: { amount }, errors: { amount: [message] }, error: null, done: null });
    expect(await money(sessionId)).toMatchObject({ refunded_amount: "0.000000", held_amount: "0.000000" });
    expect(await operationsOf(sessionId)).toEqual([]);
    expect(await auditOf(sessionId)).toEqual([]);
  });

  it("refuses an operation the state does not allow, naming what it allows", async () => {
    const sessionId = await paid();
    const state = await send(superuser, await formFor(sessionId, "capture", "5"));
    expect(state.error).toBe("The transaction is paid: capture is not allowed. Operations allowed in this state: refund.");
    expect(await operationsOf(sessionId)).toEqual([]);
  });

  it("refuses a user without the refund permission on the server, even when the action is posted directly", async () => {
    const sessionId = await paid();
    const state = await send(viewer, await formFor(sessionId, "refund", "1"));
    expect(state).toMatchObject({ error: "You do not have permission to refund payment transactions.", done: null });
    expect(await operationsOf(sessionId)).toEqual([]);
    expect(await auditOf(sessionId)).toEqual([]);
  });

  it("answers another gateway's transaction as not found, even to a user who may refund", async () => {
    const theirs = await paid("other");
    const state = await send(clerk, await formFor(theirs, "refund", "1"));
    expect(state).toMatchObject({ error: "No such transaction.", done: null });
    expect(await operationsOf(theirs)).toEqual([]);
  });

  it("refuses a form from a page gone stale, and an unknown operation or a forged id", async () => {
    const sessionId = await paid();
    const stale = await formFor(sessionId, "refund", "2");
    await send(superuser, await formFor(sessionId, "refund", "3"));
    const state = await send(superuser, stale);
    expect(state.error).toMatch(/^This transaction changed since its page was shown/);
    expect(await money(sessionId)).toMatchObject({ refunded_amount: "3.000000" });

    const unknown = await formFor(sessionId, "delete");
    expect((await send(superuser, unknown)).error).toBe("Choose one of refund, capture, void, cancel, expire.");
    const forged = await formFor(sessionId, "refund", "1");
    forged.set("sessionId", "x'; DROP TABLE transactions; --");
    expect((await send(superuser, forged)).error).toBe("No such transaction.");
  });

  it("never refunds twice: two clicks (or two tabs) on the same form at once move the money once", async () => {
    const sessionId = await paid();
    const form = await formFor(sessionId, "refund", "3");
    const answers = await Promise.all([send(superuser, form), send(superuser, form)]);
    expect(answers.filter((a) => a.done?.startsWith("Refund of KWD 3.000 done"))).toHaveLength(1);
    expect(await money(sessionId)).toMatchObject({ refunded_amount: "3.000000", held_amount: "0.000000" });
    expect(await operationsOf(sessionId)).toHaveLength(1);
    expect(await auditOf(sessionId)).toHaveLength(1);
    // The same form sent once more, later: its page is stale now.
    expect((await send(superuser, form)).error).toMatch(/^This transaction changed since its page was shown/);
    expect(await money(sessionId)).toMatchObject({ refunded_amount: "3.000000" });
  });

  it("never refunds more than was paid when the panel and the API refund everything at once", async () => {
    const sessionId = await paid();
    const form = await formFor(sessionId, "refund", "10");
    const api = performOperation({ ctx, input: { caller: apiKey, fields: { operation: "refund", session_id: sessionId, amount: "10" } } }).catch((e: Error) => e);
    await Promise.all([send(superuser, form), api]);
    expect(await money(sessionId)).toMatchObject({ state: "refunded", refunded_amount: "10.000000", held_amount: "0.000000" });
    expect((await operationsOf(sessionId)).filter((o) => o.state === "success")).toHaveLength(1);
  });

  it("captures part of an authorization and voids another, as the verbs do for the API", async () => {
    const captured = await paid("card-auth");
    expect((await send(clerk, await formFor(captured, "capture", "6"))).done).toBe("Capture of KWD 6.000 done: the transaction is captured.");
    expect(await money(captured)).toMatchObject({ state: "captured", captured_amount: "6.000000", voided_amount: "4.000000" });

    const voided = await paid("card-auth");
    expect((await send(superuser, await formFor(voided, "void"))).done).toBe("Void of KWD 10.000 done: the transaction is voided.");
    expect((await send(clerk, await formFor(voided, "void"))).error).toBe("You do not have permission to void payment transactions.");
  });

  it("cancels and expires a transaction nobody has paid", async () => {
    const canceled = await newTransaction(ctx, apiKey);
    expect((await send(superuser, await formFor(canceled, "cancel"))).done).toBe("Cancel done: the transaction is canceled.");
    expect((await detail(superuser, canceled)).txn.state).toBe("canceled");
    const expired = await newTransaction(ctx, apiKey);
    expect((await send(superuser, await formFor(expired, "expire"))).done).toBe("Expire done: the transaction is expired.");
    expect(await auditOf(expired)).toMatchObject([{ action: "transaction.expire", before: { state: "created" }, after: { state: "expired", result: "success" } }]);
  });

  it("reports the gateway's refusal and an operation it has not answered yet, both recorded and audited", async () => {
    const refused = await paid("card", "4000 0000 0000 0069");
    const state = await send(superuser, await formFor(refused, "refund", "1"));
    expect(state.error).toMatch(/^The gateway refused the refund: /);
    expect(state.values).toEqual({ amount: "1" });
    expect(await operationsOf(refused)).toMatchObject([{ kind: "refund", state: "failed" }]);
    expect(await auditOf(refused)).toMatchObject([{ after: { result: "failed" } }]);

    const unanswered = await paid("card", "4000 0000 0000 0077");
    expect((await send(superuser, await formFor(unanswered, "refund", "1"))).done).toMatch(/^Refund of KWD 1.000 sent: the gateway has not answered yet/);
    expect(await money(unanswered)).toMatchObject({ held_amount: "1.000000" });
  });
});
