import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as getRoute from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import * as autoDebitRoute from "@/app/b/pbl/v2/auto-debit/route";
import { claimAutoDebit, findAutoDebitFacts } from "@/db/queries/auto-debits";
import type { Caller } from "@/lib/access/auth/permissions";
import { autoDebit } from "@/lib/checkout/auto-debit/auto-debit";
import { AUTO_DEBITABLE } from "@/lib/checkout/lifecycle/verbs";
import { newAttempt } from "@/lib/checkout/payments/new-attempt";
import { notificationEventFor } from "@/lib/delivery/notifications/notification-event-for";
import { eventResult } from "@/lib/delivery/webhooks/event-result";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { legacyResultOf } from "@/lib/legacy/plan-legacy-result";
import { basicAuth, createGateway, createKey, createUser } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { CARDS, NEXT_YEAR, deliverReturn, events, monthlyAgreement, newTransaction, passDeadline, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { recordingDb } from "../support/recording-db";
import { testContext } from "../support/test-context";

// POST /b/pbl/v2/auto-debit/ over HTTP against a real database and the sandbox gateway: a card saved on the
// hosted page under an agreement is charged later without the customer, once, and only when everything matches.

const ctx = testContext();
const recording = recordingDb();
let caller: Caller;
let base: string;
let apiKey: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  await createGateway(ctx, { code: "other", currencies: ["KWD"] });
  apiKey = (await createKey(ctx)).key;
  base = await serveRoutes([
    { path: "/b/pbl/v2/auto-debit", module: autoDebitRoute },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: getRoute },
  ]);
});


const charge = (body: unknown, authorization = `Api-Key ${apiKey}`, path = "/b/pbl/v2/auto-debit/") =>
  fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization }, body: JSON.stringify(body) });

const autoDebitTxn = (customer: string, agreement: Record<string, unknown>, fields: Record<string, unknown> = {}) =>
  newTransaction(ctx, caller, { payment_type: "auto_debit", customer_id: customer, agreement, ...fields });

/** The customer-present payment that saves the card under the agreement (nothing ticked: the transaction saves it). */
async function setUp(customer: string, agreement: Record<string, unknown>, card: string = CARDS.approve, fields: Record<string, unknown> = {}) {
  const sessionId = await autoDebitTxn(customer, agreement, fields);
  const { next } = await payWith(ctx, sessionId, card);
  await deliverReturn(ctx, next);
  const saved = await ctx.db.selectFrom("saved_cards").selectAll().where("customer_id", "=", customer).orderBy("id", "desc").executeTakeFirstOrThrow();
  return { sessionId, token: saved.token, cardId: saved.id };
}

/** A cycle of a monthly agreement passes: its last charge moves 30 days back (test/checkout/auto-debit-mandate.test.ts has the cycle's rules). */
const aCycleLater = (customer: string, agreementId: string) =>
  ctx.db
    .updateTable("card_agreements")
    .set({ last_charge_at: sql<Date>`last_charge_at - interval '30 days'` })
    .where("customer_id", "=", customer)
    .where("agreement_id", "=", agreementId)
    .execute();

/** An agreement without a cycle: charged as often as its total_cycles allow. */
const installments = (id: string, totalCycles: number) => ({ id, type: "installment", amount_variability: "fixed", expiry_date: NEXT_YEAR, total_cycles: totalCycles });

const attemptsOf = (sessionId: string) =>
  ctx.db.selectFrom("payment_attempts").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();
const sandboxCharges = (customer: string) =>
  ctx.db.selectFrom("sandbox_payments").selectAll().where("customer_id", "=", customer).where("merchant_initiated", "=", true).execute();

describe("setting up an agreement on the hosted page", () => {
  it("saves the card even unticked, links the agreement to it with the first payment's amount, and keeps the holder's name", async () => {
    const { sessionId, cardId } = await setUp("cust-setup", monthlyAgreement("sub-setup"));
    expect(await stateOf(ctx, sessionId)).toBe("paid");
    const link = await ctx.db.selectFrom("card_agreements").selectAll().where("customer_id", "=", "cust-setup").executeTakeFirstOrThrow();
    expect(link).toMatchObject({ agreement_id: "sub-setup", card_id: cardId, session_id: sessionId, currency_code: "KWD" });
    expect(Number(link.amount)).toBe(10);
    const card = await ctx.db.selectFrom("saved_cards").selectAll().where("id", "=", cardId).executeTakeFirstOrThrow();
    expect(card).toMatchObject({ name_on_card: "Sara Ahmad", masked_number: "•••• 1111", expiry_month: 12, expiry_year: 2039 });
  });

  it("a later payment under the same agreement moves it to that payment's card: one card per agreement", async () => {
    const first = await setUp("cust-move", monthlyAgreement("sub-move"));
    const second = await setUp("cust-move", monthlyAgreement("sub-move"), "4000 0000 0000 0069");
    expect(second.cardId).not.toBe(first.cardId);
    const links = await ctx.db.selectFrom("card_agreements").selectAll().where("customer_id", "=", "cust-move").execute();
    expect(links).toHaveLength(1);
    expect(links[0]!.card_id).toBe(second.cardId);
  });

  it("save_card saves without an agreement; one_off saves only when the customer ticks it", async () => {
    const saveCard = await newTransaction(ctx, caller, { payment_type: "save_card", customer_id: "cust-save" });
    await deliverReturn(ctx, (await payWith(ctx, saveCard, CARDS.approve)).next);
    const oneOff = await newTransaction(ctx, caller, { customer_id: "cust-save" });
    await deliverReturn(ctx, (await payWith(ctx, oneOff, CARDS.approve)).next);
    const cards = await ctx.db.selectFrom("saved_cards").select("id").where("customer_id", "=", "cust-save").execute();
    expect(cards).toHaveLength(1);
    expect(await ctx.db.selectFrom("card_agreements").select("agreement_id").where("customer_id", "=", "cust-save").execute()).toEqual([]);
  });

  it("a zero-amount save_card authorizes nothing and saves the card", async () => {
    const sessionId = await newTransaction(ctx, caller, { payment_type: "save_card", customer_id: "cust-zero", amount: "0" });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    const txn = await ctx.db.selectFrom("transactions").select(["state", "paid_amount"]).where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    expect(txn.state).toBe("paid");
    expect(Number(txn.paid_amount)).toBe(0);
    expect(await ctx.db.selectFrom("saved_cards").select("id").where("customer_id", "=", "cust-zero").execute()).toHaveLength(1);
  });
});

describe("POST /b/pbl/v2/auto-debit/", () => {
  it("charges the saved card without the customer: 200, paid, the webhook's payload, a merchant-initiated attempt", async () => {
    const { token, cardId } = await setUp("cust-ok", monthlyAgreement("sub-ok"), CARDS.approve, { webhook_url: "https://merchant.example/hook" });
    const sessionId = await autoDebitTxn("cust-ok", monthlyAgreement("sub-ok"), { webhook_url: "https://merchant.example/hook", order_no: "AD-1" });
    await aCycleLater("cust-ok", "sub-ok");

    const res = await charge({ session_id: sessionId, token }, `Api-Key ${apiKey}`, "/b/pbl/v2/auto-debit");
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      detail: "Success",
      success: true,
      result: "success",
      state: "paid",
      session_id: sessionId,
      order_no: "AD-1",
      amount: "10.000",
      currency_code: "KWD",
      customer_id: "cust-ok",
      payment_type: "auto_debit",
      agreement: { id: "sub-ok", type: "recurring" },
      gateway_account: "card",
    });
    expect(await stateOf(ctx, sessionId)).toBe("paid");

    const [attempt] = await attemptsOf(sessionId);
    expect(attempt).toMatchObject({ initiator: "merchant", saved_card_id: cardId, state: "success", reference_number: body.reference_number });
    const moves = (await events(ctx, sessionId)).slice(-2).map((e) => [e.from_state, e.to_state, e.cause, e.attempt_id]);
    expect(moves).toEqual([
      ["created", "pending", "auto_debit", attempt!.id],
      ["pending", "paid", "auto_debit", attempt!.id],
    ]);

    // The webhook of the paid event carries the same payload the answer did.
    const paidEvent = (await events(ctx, sessionId)).at(-1)!;
    const { deliveryIds } = await planEventEffects(ctx.db, paidEvent.event_id);
    const delivery = await ctx.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", deliveryIds[0]!).executeTakeFirstOrThrow();
    expect({ ...delivery.payload, detail: body.detail, success: body.success }).toEqual(body);
  });

  it("a card the issuer declines later: 400 with the gateway's message, the transaction attempted, the card kept", async () => {
    const { token } = await setUp("cust-later", monthlyAgreement("sub-later"), "4000 0000 0000 0341");
    const sessionId = await autoDebitTxn("cust-later", monthlyAgreement("sub-later"));
    await aCycleLater("cust-later", "sub-later");
    const res = await charge({ session_id: sessionId, token });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, result: "failed", state: "attempted", detail: "Insufficient funds" });
    expect(await stateOf(ctx, sessionId)).toBe("attempted");
    // The transaction is no longer created: a second try is refused before any gateway call.
    const again = await charge({ session_id: sessionId, token });
    expect(again.status).toBe(409);
    expect(await sandboxCharges("cust-later")).toHaveLength(1);
  });

  it("decides on the transaction's row, not its whole view: its read aggregates no attempts, links or attachment", async () => {
    const { token } = await setUp("cust-row", installments("sub-row", 3));
    const sessionId = await autoDebitTxn("cust-row", installments("sub-row", 3), { order_no: "AD-ROW" });
    const before = recording.executed.length;
    const answer = await autoDebit({ ctx: { db: recording.db }, input: { caller, fields: { session_id: sessionId, token } } });
    expect(answer).toMatchObject({ status: 200, body: { result: "success", amount: "10.000", is_sandbox: true, order_no: "AD-ROW" } });
    const [facts] = recording.executed.slice(before);
    expect(facts!.sql).toMatch(/FROM saved_cards c WHERE c.token/);
    expect(facts!.sql).not.toMatch(/json_agg|link_codes|attachments/);
  });

  it("two concurrent auto-debits of one transaction charge once", async () => {
    const { token } = await setUp("cust-race", monthlyAgreement("sub-race"));
    for (let round = 0; round < 5; round++) {
      await aCycleLater("cust-race", "sub-race");
      const sessionId = await autoDebitTxn("cust-race", monthlyAgreement("sub-race"));
      const answers = await Promise.all([1, 2, 3].map(() => charge({ session_id: sessionId, token })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(await attemptsOf(sessionId)).toHaveLength(1);
    }
    expect(await sandboxCharges("cust-race")).toHaveLength(5);
  });

  it("the last charge of an agreement, asked for by two transactions at once, is charged once; a declined one gives its charge back", async () => {
    const three = installments("sub-three", 3);
    const { token } = await setUp("cust-last", three);
    expect((await charge({ session_id: await autoDebitTxn("cust-last", three), token })).status).toBe(200);
    // A declined charge does not use up a cycle.
    await ctx.db.updateTable("sandbox_tokens").set({ charge_behaviour: "decline" }).where("token", "=", token).execute();
    expect((await charge({ session_id: await autoDebitTxn("cust-last", three), token })).status).toBe(400);
    await ctx.db.updateTable("sandbox_tokens").set({ charge_behaviour: "approve" }).where("token", "=", token).execute();
    expect((await charge({ session_id: await autoDebitTxn("cust-last", three), token })).status).toBe(200);

    const racing = [await autoDebitTxn("cust-last", three), await autoDebitTxn("cust-last", three)];
    const answers = await Promise.all(racing.map((sessionId) => charge({ session_id: sessionId, token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const link = await ctx.db.selectFrom("card_agreements").select("charges").where("agreement_id", "=", "sub-three").executeTakeFirstOrThrow();
    expect(link.charges).toBe(3);
    expect((await sandboxCharges("cust-last")).filter((p) => p.status === "approved")).toHaveLength(3);
  });

  it("plans no dispatch job for the claim's move to pending, which tells nobody, and one for the charge's result", async () => {
    const plan = installments("sub-silent", 2);
    const { token } = await setUp("cust-silent", plan);
    const sessionId = await autoDebitTxn("cust-silent", plan, { webhook_url: "http://127.0.0.1:9/hook", notifications: { email: ["paid"] }, customer_email: "a@example.com" });
    expect((await charge({ session_id: sessionId, token })).status).toBe(200);
    const all = await events(ctx, sessionId);
    const [claimed, paid] = [all.find((e) => e.to_state === "pending"), all.find((e) => e.to_state === "paid")];
    expect(claimed).toMatchObject({ from_state: "created", cause: "auto_debit" });
    expect([eventResult(claimed!), legacyResultOf(claimed!), notificationEventFor(claimed!)]).toEqual([null, null, null]);
    const jobs = (await sql<{ key: string }>`SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'dispatch-event'`.execute(ctx.db)).rows.map((r) => r.key);
    expect(jobs).not.toContain(`event:${claimed!.event_id}`);
    expect(jobs).toContain(`event:${paid!.event_id}`);
  });

  it("plans no dispatch job for the result of a transaction with no webhook and no notifications: nothing could come of it", async () => {
    const plan = installments("sub-quiet", 2);
    const { token } = await setUp("cust-quiet", plan);
    const sessionId = await autoDebitTxn("cust-quiet", plan);
    expect((await charge({ session_id: sessionId, token })).status).toBe(200);
    const paid = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    expect(paid).toMatchObject({ from_state: "pending", cause: "auto_debit" });
    expect(await planEventEffects(ctx.db, paid.event_id)).toEqual({ deliveryIds: [], messageIds: [] });
    const jobs = await sql<{ key: string }>`SELECT key FROM graphile_worker.jobs WHERE key = ${`event:${paid.event_id}`}`.execute(ctx.db);
    expect(jobs.rows).toEqual([]);
  });

  it("a transaction changed between the checks and the claim (an update racing the charge) is not claimed: nothing changes", async () => {
    const variable = { id: "sub-stale", type: "unscheduled", amount_variability: "variable", expiry_date: NEXT_YEAR };
    const { token } = await setUp("cust-stale", variable);
    const sessionId = await autoDebitTxn("cust-stale", variable);
    const facts = (await findAutoDebitFacts(ctx.db, sessionId, token))!;
    const linkBefore = facts.link!;
    // What the checks saw is no longer so: the claim must not go through on it.
    await ctx.db.updateTable("transactions").set({ amount: "99" }).where("session_id", "=", sessionId).execute();
    const row = newAttempt({ txn: facts.txn, decimals: 3, gateways: [] }, (await ctx.db.selectFrom("gateway_settings").selectAll().where("code", "=", "card").executeTakeFirstOrThrow()));
    const claimed = await claimAutoDebit(ctx.db, {
      sessionId,
      version: facts.version,
      from: AUTO_DEBITABLE,
      operation: "purchase",
      attempt: { ...row, saved_card_id: facts.card!.id },
      customerId: "cust-stale",
      agreementId: "sub-stale",
      limit: undefined,
      cycle: null,
      today: new Date().toISOString().slice(0, 10),
    });
    expect(claimed).toBeUndefined();
    expect(await stateOf(ctx, sessionId)).toBe("created");
    expect(await attemptsOf(sessionId)).toHaveLength(0);
    const link = await ctx.db.selectFrom("card_agreements").selectAll().where("agreement_id", "=", "sub-stale").executeTakeFirstOrThrow();
    expect({ charges: link.charges, last: link.last_charge_at }).toEqual({ charges: linkBefore.charges, last: linkBefore.last_charge_at });
    // Read again, it is charged as it now is.
    const res = await charge({ session_id: sessionId, token });
    expect(res.status).toBe(200);
    expect(Number((await attemptsOf(sessionId))[0]!.amount)).toBe(99);
  });

  describe("refuses, charging nothing", () => {
    async function refused(body: Record<string, unknown>, status: number, match: unknown, authorization?: string) {
      const charges = () => ctx.db.selectFrom("sandbox_payments").select("reference_number").execute();
      const attempts = () => ctx.db.selectFrom("payment_attempts").select("id").execute();
      const [chargesBefore, attemptsBefore] = [(await charges()).length, (await attempts()).length];
      const res = await charge(body, authorization);
      const answer = await res.json();
      expect(res.status, JSON.stringify(answer)).toBe(status);
      expect(answer).toMatchObject(match as Record<string, unknown>);
      expect((await charges()).length).toBe(chargesBefore);
      expect((await attempts()).length).toBe(attemptsBefore);
      return answer;
    }

    it("a token of another customer", async () => {
      const { token } = await setUp("cust-a", monthlyAgreement("sub-ab"));
      await setUp("cust-b", monthlyAgreement("sub-ab"));
      const sessionId = await autoDebitTxn("cust-b", monthlyAgreement("sub-ab"));
      await refused({ session_id: sessionId, token }, 400, { token: ["No saved card with this token for customer cust-b."] });
    });

    it("an unknown or deleted token", async () => {
      const { token, cardId } = await setUp("cust-del", monthlyAgreement("sub-del"));
      const sessionId = await autoDebitTxn("cust-del", monthlyAgreement("sub-del"));
      await refused({ session_id: sessionId, token: "tok_nope" }, 400, { token: [expect.stringContaining("No saved card")] });
      await ctx.db.updateTable("saved_cards").set({ deleted_at: new Date() }).where("id", "=", cardId).execute();
      await refused({ session_id: sessionId, token }, 400, { token: [expect.stringContaining("No saved card")] });
    });

    it("an expired card", async () => {
      const { token, cardId } = await setUp("cust-exp", monthlyAgreement("sub-exp"));
      await ctx.db.updateTable("saved_cards").set({ expiry_month: 1, expiry_year: 2020 }).where("id", "=", cardId).execute();
      const sessionId = await autoDebitTxn("cust-exp", monthlyAgreement("sub-exp"));
      await refused({ session_id: sessionId, token }, 400, { token: ["This card expired at the end of 01/2020; the customer must pay once with a new card."] });
    });

    it("an agreement the card is not saved under, or one that differs from what the customer accepted", async () => {
      const { token } = await setUp("cust-agr", monthlyAgreement("sub-agr"));
      const other = await autoDebitTxn("cust-agr", monthlyAgreement("sub-other"));
      await refused({ session_id: other, token }, 400, { token: ["This card is not the one the customer saved under agreement sub-other."] });
      const variable = await autoDebitTxn("cust-agr", monthlyAgreement("sub-agr", { amount_variability: "variable" }));
      await refused({ session_id: variable, token }, 400, { agreement: [expect.stringContaining("differs from the one the customer accepted")] });
    });

    it("a fixed-amount agreement charged another amount, or a variable one above its maximum", async () => {
      const { token } = await setUp("cust-amt", monthlyAgreement("sub-amt"));
      const more = await autoDebitTxn("cust-amt", monthlyAgreement("sub-amt"), { amount: "11" });
      await refused({ session_id: more, token }, 400, { amount: ["Agreement sub-amt has a fixed amount: 10.000 KWD each time."] });

      const capped = { id: "sub-cap", type: "unscheduled", amount_variability: "variable", max_amount_per_cycle: "15" };
      const setUpCapped = await setUp("cust-amt", capped);
      const over = await autoDebitTxn("cust-amt", capped, { amount: "15.5" });
      await refused({ session_id: over, token: setUpCapped.token }, 400, { amount: [expect.stringContaining("at most 15")] });
      const within = await autoDebitTxn("cust-amt", capped, { amount: "14" });
      expect((await charge({ session_id: within, token: setUpCapped.token })).status).toBe(200);
    });

    it("an agreement whose charges are all made, or that has expired since", async () => {
      const two = installments("sub-two", 2);
      const { token } = await setUp("cust-cyc", two);
      for (let i = 0; i < 2; i++) expect((await charge({ session_id: await autoDebitTxn("cust-cyc", two), token })).status).toBe(200);
      await refused({ session_id: await autoDebitTxn("cust-cyc", two), token }, 400, { agreement: ["All 2 charges of agreement sub-two were made."] });

      const { token: t2 } = await setUp("cust-old", monthlyAgreement("sub-old"));
      const sessionId = await autoDebitTxn("cust-old", monthlyAgreement("sub-old"));
      await ctx.db
        .updateTable("card_agreements")
        .set({ agreement: JSON.stringify(monthlyAgreement("sub-old", { type: "recurring", expiry_date: "2020-01-01" })) })
        .where("agreement_id", "=", "sub-old")
        .execute();
      await refused({ session_id: sessionId, token: t2 }, 400, { agreement: ["Agreement sub-old expired on 2020-01-01."] });
    });

    it("a card saved on a gateway the transaction does not use", async () => {
      const { token } = await setUp("cust-gw", monthlyAgreement("sub-gw"));
      const sessionId = await autoDebitTxn("cust-gw", monthlyAgreement("sub-gw"), { pg_codes: ["other"] });
      await refused({ session_id: sessionId, token }, 400, { token: [expect.stringContaining("which this transaction does not use")] });
    });

    it("a transaction that is not auto_debit, not created, expired, deleted or unknown", async () => {
      const { token, sessionId: paid } = await setUp("cust-state", monthlyAgreement("sub-state"));
      await refused({ session_id: paid, token }, 409, { detail: "Only a transaction in state created can be auto-debited; this one is paid." });
      const oneOff = await newTransaction(ctx, caller, { customer_id: "cust-state" });
      await refused({ session_id: oneOff, token }, 409, { detail: "Only an auto_debit transaction can be auto-debited; this one is one_off." });

      const late = await autoDebitTxn("cust-state", monthlyAgreement("sub-state"));
      await passDeadline(ctx, late);
      await refused({ session_id: late, token }, 409, { detail: "This transaction expired before it was charged." });
      expect(await stateOf(ctx, late)).toBe("expired");

      const gone = await autoDebitTxn("cust-state", monthlyAgreement("sub-state"));
      await ctx.db.updateTable("transactions").set({ deleted_at: new Date() }).where("session_id", "=", gone).execute();
      await refused({ session_id: gone, token }, 404, { detail: "No such transaction." });
      await refused({ session_id: "f".repeat(40), token }, 404, { detail: "No such transaction." });
    });

    it("bad bodies, no credentials, a Basic user without the permission", async () => {
      await refused({}, 400, { session_id: ["This field is required."], token: ["This field is required."] });
      await refused({ session_id: "x".repeat(41), token: "t".repeat(129) }, 400, {
        session_id: ["Ensure this field has no more than 40 characters."],
        token: ["Ensure this field has no more than 128 characters."],
      });
      const noAuth = await fetch(`${base}/b/pbl/v2/auto-debit/`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
      expect(noAuth.status).toBe(401);
      await createUser(ctx, { username: "no-debit", password: "no-debit-password", gatewayCodes: ["card"], permissions: ["create"] });
      await refused({ session_id: "f".repeat(40), token: "x" }, 403, { detail: "You do not have permission to auto_debit payment transactions." }, basicAuth("no-debit", "no-debit-password"));
      const get = await fetch(`${base}/b/pbl/v2/auto-debit/`, { headers: { authorization: `Api-Key ${apiKey}` } });
      expect(get.status).toBe(405);
    });
  });
});
