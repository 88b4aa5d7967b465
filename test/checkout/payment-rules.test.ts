import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/access/auth/permissions";
import { Conflict, ValidationFailed } from "@/lib/core/errors";
import { chargeCard } from "@/lib/gateways/sandbox/charge-card";
import { removeSavedCard } from "@/lib/gateways/sandbox/remove-saved-card";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { CARDS, deliverReturn, events, newTransaction, passDeadline, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { testContext } from "../support/test-context";

const ctx = testContext();
let caller: Caller;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
});

const savedCards = (customerId: string) =>
  ctx.db.selectFrom("saved_cards").selectAll().where("customer_id", "=", customerId).where("deleted_at", "is", null).execute();

describe("payment rules", () => {
  it("with the expiry toggle off, paying after expiration_time marks the transaction expired and starts nothing", async () => {
    await updateSettings({ ctx, input: { expireTransactions: false } });
    const sessionId = await newTransaction(ctx, caller);
    await passDeadline(ctx, sessionId);
    expect(await startPayment({ ctx, input: { sessionId, code: "card" } })).toEqual({ kind: "expired" });
    expect(await stateOf(ctx, sessionId)).toBe("expired");
    const attempts = await ctx.db.selectFrom("payment_attempts").select("id").where("session_id", "=", sessionId).execute();
    expect(attempts).toHaveLength(0);
    expect((await events(ctx, sessionId)).at(-1)).toMatchObject({ to_state: "expired", cause: "customer_attempt_after_expiry" });
  });

  it("a settled transaction starts no new payment", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve)).next);
    expect(await startPayment({ ctx, input: { sessionId, code: "card" } })).toEqual({ kind: "closed", state: "paid" });
  });

  it("the sandbox refuses gateway settings not marked sandbox", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await ctx.db.updateTable("gateway_settings").set({ is_sandbox: false }).where("code", "=", "card").execute();
    try {
      await expect(startPayment({ ctx, input: { sessionId, code: "card" } })).rejects.toBeInstanceOf(Conflict);
      expect(await stateOf(ctx, sessionId)).toBe("created");
    } finally {
      await ctx.db.updateTable("gateway_settings").set({ is_sandbox: true }).where("code", "=", "card").execute();
    }
  });

  it("refuses a card the form got wrong, naming the field", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
    if (started.kind !== "redirect") throw new Error("not started");
    const attempt = chargeCard({
      ctx,
      input: { reference: started.referenceNumber, cardNumber: "4111 1111 1111 1112", expiry: "13/20", cvv: "1", name: "", saveCard: false },
    });
    await expect(attempt).rejects.toBeInstanceOf(ValidationFailed);
    await attempt.catch((e: ValidationFailed) => expect(Object.keys(e.fields).sort()).toEqual(["cardNumber", "cvv", "expiry", "name"]));
  });

  it("saves a card as a token with brand, masked number and expiry, offers it next time, and removes it", async () => {
    const first = await newTransaction(ctx, caller, { customer_id: "cust-7" });
    await deliverReturn(ctx, (await payWith(ctx, first, CARDS.approve, { saveCard: true })).next);
    const [card] = await savedCards("cust-7");
    expect(card).toMatchObject({ brand: "Visa", masked_number: "•••• 1111", expiry_month: 12, expiry_year: 2039 });
    expect(card!.token).toMatch(/^tok_[0-9a-f]{32}$/);

    const second = await newTransaction(ctx, caller, { customer_id: "cust-7" });
    const started = await startPayment({ ctx, input: { sessionId: second, code: "card" } });
    if (started.kind !== "redirect") throw new Error("not started");
    const { url } = await chargeCard({ ctx, input: { reference: started.referenceNumber, savedCardId: card!.id, cvv: "123" } });
    await deliverReturn(ctx, url);
    expect(await stateOf(ctx, second)).toBe("paid");

    // Another customer's payment cannot remove it, nor its own once paid; its own while it waits for the card can.
    const other = await newTransaction(ctx, caller, { customer_id: "cust-8" });
    const otherStart = await startPayment({ ctx, input: { sessionId: other, code: "card" } });
    if (otherStart.kind !== "redirect") throw new Error("not started");
    expect(await removeSavedCard({ ctx, input: { reference: otherStart.referenceNumber, cardId: card!.id } })).toEqual({ removed: false });
    expect(await removeSavedCard({ ctx, input: { reference: started.referenceNumber, cardId: card!.id } })).toEqual({ removed: false });
    expect(await savedCards("cust-7")).toHaveLength(1);
    const third = await startPayment({ ctx, input: { sessionId: await newTransaction(ctx, caller, { customer_id: "cust-7" }), code: "card" } });
    if (third.kind !== "redirect") throw new Error("not started");
    expect(await removeSavedCard({ ctx, input: { reference: third.referenceNumber, cardId: card!.id } })).toEqual({ removed: true });
    expect(await savedCards("cust-7")).toHaveLength(0);
  });

  it("never stores a full card number or CVV", async () => {
    const sessionId = await newTransaction(ctx, caller, { customer_id: "cust-9" });
    await deliverReturn(ctx, (await payWith(ctx, sessionId, CARDS.approve, { saveCard: true })).next);
    const tables = ["payment_attempts", "sandbox_payments", "saved_cards", "transaction_events", "gateway_messages"] as const;
    for (const table of tables) {
      const rows = await ctx.db.selectFrom(table).selectAll().execute();
      const text = JSON.stringify(rows);
      expect(text).not.toContain("4111111111111111");
      expect(text).not.toContain("4111 1111 1111 1111");
    }
  });
});
