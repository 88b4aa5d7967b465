import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { nextChargeDate } from "@/lib/checkout/auto-debit/agreement-cycle";
import { startCheckoutApi } from "../support/checkout-setup";
import { minimal, txnPath } from "../support/checkout-samples";
import { CARDS, deliverReturn, monthlyAgreement, NEXT_YEAR, payWith, stateOf } from "../support/payment-flow";

// An auto-debit stays inside the mandate the customer accepted on the payment page, over HTTP against a real
// database and the sandbox gateway: the currency the agreement was accepted in (every type), one charge a cycle
// (also when two are asked for at once), max_amount_per_cycle with the gateway's fee; and a PATCH or PUT of the
// transaction never silently turns it one_off and drops its agreement. Every refusal changes nothing.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  // Gateways: card (KWD, USD, JPY), card-auth, knet (KWD, fee 0.250 + 1.5 %).
  api = await startCheckoutApi();
});
const db = () => api.ctx.db;

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function autoDebitTxn(customer: string, agreement: Record<string, unknown>, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api.create(minimal({ payment_type: "auto_debit", customer_id: customer, agreement, ...fields }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session_id;
}

/** The customer-present first payment on the hosted page: the card is saved under the agreement. */
async function setUp(customer: string, agreement: Record<string, unknown>, fields: Record<string, unknown> = {}) {
  const sessionId = await autoDebitTxn(customer, agreement, fields);
  const code = (fields.pg_codes as string[] | undefined)?.[0] ?? "card";
  await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.approve, { code })).next);
  expect(await stateOf(api.ctx, sessionId)).toBe("paid");
  const card = await db().selectFrom("saved_cards").select("token").where("customer_id", "=", customer).orderBy("id", "desc").executeTakeFirstOrThrow();
  return { sessionId, token: card.token };
}

const charge = (sessionId: string, token: string) => api.send("POST", "/b/pbl/v2/auto-debit/", { session_id: sessionId, token });

/** The time the agreement's cycle counts from moves `days` back: as if its last charge were that long ago. */
const backdateLastCharge = (customer: string, agreementId: string, days: number) =>
  db()
    .updateTable("card_agreements")
    .set({ last_charge_at: sql<Date>`last_charge_at - make_interval(days => ${days})` })
    .where("customer_id", "=", customer)
    .where("agreement_id", "=", agreementId)
    .execute();

/** Everything of a customer that a charge touches: transactions, attempts, events, agreements, cards, gateway charges. */
async function everything(customer: string) {
  const sessions = db().selectFrom("transactions").select("session_id").where("customer_id", "=", customer);
  return {
    transactions: await db()
      .selectFrom("transactions")
      .select(["session_id", "state", "operation", "amount", "currency_code", "payment_type", "agreement", "updated_at"])
      .where("customer_id", "=", customer)
      .orderBy("session_id")
      .execute(),
    attempts: await db().selectFrom("payment_attempts").selectAll().where("session_id", "in", sessions).orderBy("id").execute(),
    events: await db().selectFrom("transaction_events").select(["id", "kind"]).where("session_id", "in", sessions).orderBy("id").execute(),
    agreements: await db().selectFrom("card_agreements").selectAll().where("customer_id", "=", customer).orderBy("agreement_id").execute(),
    cards: await db().selectFrom("saved_cards").selectAll().where("customer_id", "=", customer).orderBy("id").execute(),
    gatewayCharges: await db().selectFrom("sandbox_payments").selectAll().where("customer_id", "=", customer).orderBy("reference_number").execute(),
  };
}

/** A charge answered 400 with exactly `body`, after which nothing of the customer changed. */
async function refused(customer: string, sessionId: string, token: string, body: unknown) {
  const before = await everything(customer);
  const res = await charge(sessionId, token);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual(body);
  expect(await everything(customer)).toEqual(before);
}

const merchantCharges = async (customer: string) =>
  (await db().selectFrom("sandbox_payments").select("status").where("customer_id", "=", customer).where("merchant_initiated", "=", true).execute()).length;

describe("the currency the agreement was accepted in", () => {
  it("a variable agreement with max_amount_per_cycle 10 accepted in USD is not charged 10 KWD; 10 USD is", async () => {
    const agreement = { id: "sub-usd", type: "unscheduled", amount_variability: "variable", max_amount_per_cycle: "10" };
    const { token } = await setUp("cust-usd", agreement, { amount: "10", currency_code: "USD" });
    const kwd = await autoDebitTxn("cust-usd", agreement, { amount: "10", currency_code: "KWD" });
    await refused("cust-usd", kwd, token, {
      currency_code: ["Agreement sub-usd was accepted in USD: it can be charged only in USD, not KWD."],
    });
    expect(await stateOf(api.ctx, kwd)).toBe("created");

    const usd = await autoDebitTxn("cust-usd", agreement, { amount: "10", currency_code: "USD" });
    const res = await charge(usd, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ state: "paid", amount: "10.00", currency_code: "USD" });
  });

  it.each([
    ["recurring", monthlyAgreement("cur-recurring", { amount_variability: "variable" })],
    ["installment", { id: "cur-installment", type: "installment", amount_variability: "fixed", expiry_date: NEXT_YEAR, total_cycles: 6 }],
    ["unscheduled", { id: "cur-unscheduled", type: "unscheduled" }],
    ["event_based", { id: "cur-event", type: "event_based", amount_variability: "variable" }],
  ])("is refused for a %s agreement too", async (type, agreement) => {
    const customer = `cust-cur-${type}`;
    const { token } = await setUp(customer, agreement, { amount: "5", currency_code: "KWD" });
    // A cycle that allows a charge now: only the currency is wrong.
    await backdateLastCharge(customer, agreement.id, 400);
    const usd = await autoDebitTxn(customer, agreement, { amount: "5", currency_code: "USD" });
    await refused(customer, usd, token, {
      currency_code: [`Agreement ${agreement.id} was accepted in KWD: it can be charged only in KWD, not USD.`],
    });
  });
});

describe("one charge a cycle, counted from the last charge", () => {
  it("a monthly agreement (cycle_interval_days 30) is not charged twice in a minute: the first payment counts, then each auto-debit", async () => {
    const agreement = monthlyAgreement("sub-month");
    const { token } = await setUp("cust-month", agreement);
    // The customer paid this cycle on the page a moment ago.
    const tooEarly = await autoDebitTxn("cust-month", agreement);
    await refused("cust-month", tooEarly, token, {
      agreement: [`Agreement sub-month allows one charge every 30 days: the last was on ${utcDay()}, so the next is allowed from ${utcDay(30)} (UTC).`],
    });
    expect(await stateOf(api.ctx, tooEarly)).toBe("created");

    // 30 days later (counted in UTC days): allowed, once.
    await backdateLastCharge("cust-month", "sub-month", 30);
    const due = await charge(tooEarly, token);
    expect(due.status, JSON.stringify(due.body)).toBe(200);
    const again = await autoDebitTxn("cust-month", agreement);
    await refused("cust-month", again, token, {
      agreement: [`Agreement sub-month allows one charge every 30 days: the last was on ${utcDay()}, so the next is allowed from ${utcDay(30)} (UTC).`],
    });
    // A day short of the cycle is still too early.
    await backdateLastCharge("cust-month", "sub-month", 29);
    await refused("cust-month", again, token, {
      agreement: [`Agreement sub-month allows one charge every 30 days: the last was on ${utcDay(-29)}, so the next is allowed from ${utcDay(1)} (UTC).`],
    });
    expect(await merchantCharges("cust-month")).toBe(1);
  });

  it("without cycle_interval_days, the frequency's calendar period: monthly is the same day next month", async () => {
    const agreement = { id: "sub-freq", type: "installment", amount_variability: "fixed", expiry_date: NEXT_YEAR, total_cycles: 6, frequency: "monthly" };
    const { token } = await setUp("cust-freq", agreement);
    const next = await autoDebitTxn("cust-freq", agreement);
    await refused("cust-freq", next, token, {
      agreement: [
        `Agreement sub-freq allows one charge every month: the last was on ${utcDay()}, so the next is allowed from ${nextChargeDate(utcDay(), { months: 1, days: 0 })} (UTC).`,
      ],
    });
    await backdateLastCharge("cust-freq", "sub-freq", 31);
    expect((await charge(next, token)).status).toBe(200);
  });

  it("two transactions charged at the same moment under a monthly agreement: one is charged, the other refused, every time", async () => {
    const agreement = monthlyAgreement("sub-race");
    const { token } = await setUp("cust-race", agreement);
    for (let round = 1; round <= 5; round++) {
      await backdateLastCharge("cust-race", "sub-race", 30);
      const sessions = await Promise.all([1, 2, 3].map(() => autoDebitTxn("cust-race", agreement)));
      const answers = await Promise.all(sessions.map((sessionId) => charge(sessionId, token)));
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 400, 400]);
      for (const answer of answers.filter((a) => a.status === 400)) {
        expect(answer.body).toEqual({ agreement: [expect.stringMatching(/^Agreement sub-race allows one charge every 30 days: the last was on /)] });
      }
      // The refused ones were left as they were: created, no attempt.
      const states = await Promise.all(sessions.map((sessionId) => stateOf(api.ctx, sessionId)));
      expect(states.sort()).toEqual(["created", "created", "paid"]);
      expect(await merchantCharges("cust-race")).toBe(round);
    }
    const link = await db().selectFrom("card_agreements").select("charges").where("agreement_id", "=", "sub-race").executeTakeFirstOrThrow();
    expect(link.charges).toBe(5);
  });

  it("a declined auto-debit gives its cycle back: the merchant may try again in the same cycle, and then no more", async () => {
    const agreement = monthlyAgreement("sub-decl", { amount_variability: "variable" });
    const { token } = await setUp("cust-decl", agreement);
    await backdateLastCharge("cust-decl", "sub-decl", 30);
    const before = await db().selectFrom("card_agreements").select("last_charge_at").where("agreement_id", "=", "sub-decl").executeTakeFirstOrThrow();

    await db().updateTable("sandbox_tokens").set({ charge_behaviour: "decline" }).where("token", "=", token).execute();
    const declined = await charge(await autoDebitTxn("cust-decl", agreement), token);
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({ result: "failed", state: "attempted" });
    const after = await db().selectFrom("card_agreements").select(["last_charge_at", "charges"]).where("agreement_id", "=", "sub-decl").executeTakeFirstOrThrow();
    expect(after).toEqual({ last_charge_at: before.last_charge_at, charges: 0 });

    await db().updateTable("sandbox_tokens").set({ charge_behaviour: "approve" }).where("token", "=", token).execute();
    expect((await charge(await autoDebitTxn("cust-decl", agreement), token)).status).toBe(200);
    await refused("cust-decl", await autoDebitTxn("cust-decl", agreement), token, {
      agreement: [`Agreement sub-decl allows one charge every 30 days: the last was on ${utcDay()}, so the next is allowed from ${utcDay(30)} (UTC).`],
    });
  });

  it("the day the answer names is the one the locked update computes (PostgreSQL's month arithmetic)", async () => {
    const cases: [string, number, number][] = [
      ["2027-01-31", 1, 0],
      ["2028-01-31", 1, 0],
      ["2027-08-31", 6, 0],
      ["2028-02-29", 12, 0],
      ["2027-11-30", 3, 0],
      ["2027-12-15", 0, 30],
      ["2027-02-28", 0, 1],
    ];
    for (const [date, months, days] of cases) {
      const { rows } = await sql<{ next: string }>`
        SELECT to_char(${date}::date + make_interval(months => ${months}::int, days => ${days}::int), 'YYYY-MM-DD') AS next`.execute(db());
      expect(nextChargeDate(date, { months, days }), `${date} + ${months} months ${days} days`).toBe(rows[0]!.next);
    }
  });

  it("an agreement without a cycle (unscheduled, no frequency) may be charged again at once", async () => {
    const agreement = { id: "sub-any", type: "unscheduled", amount_variability: "variable" };
    const { token } = await setUp("cust-any", agreement);
    for (let i = 0; i < 2; i++) expect((await charge(await autoDebitTxn("cust-any", agreement), token)).status).toBe(200);
  });
});

describe("max_amount_per_cycle", () => {
  it("holds for what the card is charged: the amount plus the gateway's fee", async () => {
    // knet: 0.250 + 1.5 %.
    const agreement = { id: "sub-fee", type: "unscheduled", amount_variability: "variable", max_amount_per_cycle: "10" };
    const { token } = await setUp("cust-fee", agreement, { amount: "5", pg_codes: ["knet"] });
    // 9.500 + 0.250 + 0.143 = 9.893; 9.700 + 0.250 + 0.146 = 10.096.
    const over = await autoDebitTxn("cust-fee", agreement, { amount: "9.7", pg_codes: ["knet"] });
    await refused("cust-fee", over, token, {
      amount: ["Agreement sub-fee allows at most 10 KWD a charge; this one would charge 10.096 KWD with the gateway's fee."],
    });
    const within = await autoDebitTxn("cust-fee", agreement, { amount: "9.5", pg_codes: ["knet"] });
    const res = await charge(within, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [attempt] = await db().selectFrom("payment_attempts").select("amount").where("session_id", "=", within).execute();
    expect(Number(attempt!.amount)).toBe(9.893);
  });
});

describe("PATCH and PUT of an auto_debit or save_card transaction", () => {
  const agreement = monthlyAgreement("sub-patch");
  const row = (sessionId: string) =>
    db().selectFrom("transactions").select(["payment_type", "agreement", "amount", "order_no"]).where("session_id", "=", sessionId).executeTakeFirstOrThrow();

  it("a PATCH that leaves payment_type and agreement out keeps them", async () => {
    const sessionId = await autoDebitTxn("cust-patch", agreement);
    const res = await api.send("PATCH", txnPath(sessionId), { amount: "12", order_no: "AD-PATCH-1" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ amount: "12.000", payment_type: "auto_debit", agreement: { id: "sub-patch", cycle_interval_days: 30 } });
    expect(await row(sessionId)).toMatchObject({ payment_type: "auto_debit", agreement: { ...agreement }, order_no: "AD-PATCH-1" });

    const saveCard = await api.create(minimal({ payment_type: "save_card", customer_id: "cust-patch" }));
    const patched = await api.send("PATCH", txnPath(saveCard.body.session_id), { customer_first_name: "Sara" });
    expect(patched.status).toBe(200);
    expect(patched.body.payment_type).toBe("save_card");
    expect((await row(saveCard.body.session_id)).payment_type).toBe("save_card");
  });

  it("a PUT that leaves them out keeps them too; the other fields are replaced", async () => {
    const sessionId = await autoDebitTxn("cust-put", agreement, { order_no: "AD-PUT-1" });
    const res = await api.send("PUT", txnPath(sessionId), minimal({ amount: "11", customer_id: "cust-put" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ amount: "11.000", payment_type: "auto_debit", agreement: { id: "sub-patch" } });
    expect(res.body.order_no ?? null).toBeNull();
    expect(await row(sessionId)).toMatchObject({ payment_type: "auto_debit", agreement, order_no: null });

    const saveCard = await api.create(minimal({ payment_type: "save_card", customer_id: "cust-put" }));
    const put = await api.send("PUT", txnPath(saveCard.body.session_id), minimal({ customer_id: "cust-put" }));
    expect(put.status).toBe(200);
    expect(put.body.payment_type).toBe("save_card");
  });

  it("an auto_debit transaction changed by a PATCH can still be auto-debited", async () => {
    const once = { id: "sub-patch-charge", type: "unscheduled", amount_variability: "variable" };
    const { token } = await setUp("cust-patch-charge", once);
    const sessionId = await autoDebitTxn("cust-patch-charge", once);
    expect((await api.send("PATCH", txnPath(sessionId), { order_no: "AD-PATCH-2" })).status).toBe(200);
    const res = await charge(sessionId, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ order_no: "AD-PATCH-2", payment_type: "auto_debit", agreement: once });
  });

  it("turning it into another type is explicit: payment_type alone leaves the agreement, which is refused; with agreement null it is done", async () => {
    const sessionId = await autoDebitTxn("cust-switch", agreement);
    const before = await db().selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    const res = await api.send("PATCH", txnPath(sessionId), { payment_type: "one_off" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ agreement: ["agreement is only for an auto_debit transaction (payment_type auto_debit)."] });
    expect(await db().selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow()).toEqual(before);

    const done = await api.send("PATCH", txnPath(sessionId), { payment_type: "one_off", agreement: null });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payment_type).toBe("one_off");
    expect(await row(sessionId)).toMatchObject({ payment_type: "one_off", agreement: null });
  });

  it("a PATCH of the agreement alone changes the agreement and keeps auto_debit", async () => {
    const sessionId = await autoDebitTxn("cust-terms", agreement);
    const res = await api.send("PATCH", txnPath(sessionId), { agreement: monthlyAgreement("sub-patch", { total_cycles: 6 }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ payment_type: "auto_debit", agreement: { total_cycles: 6 } });
  });
});
