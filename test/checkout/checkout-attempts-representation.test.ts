import { beforeAll, describe, expect, it } from "vitest";
import * as collectionRoute from "@/app/b/checkout/v1/pymt-txn/route";
import * as itemRoute from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import * as inquiryRoute from "@/app/b/pbl/v2/inquiry/route";
import type { Caller } from "@/lib/access/auth/permissions";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { transactionRepresentationSchema } from "@/lib/checkout/transactions/transaction-representation-schema";
import { createKey } from "../support/factories";
import { serveRoutes } from "../support/http-server";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// The reference the customer quotes: the transaction's representation (create, read, update, inquiry) names the
// attempt that settled it (`reference_number`, the CK… number on the receipt and our result page) and lists every
// attempt, oldest first, with the card's brand and last four digits only.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ctx = testContext();
let caller: Caller;
let base: string;
let apiKey: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  apiKey = (await createKey(ctx)).key;
  base = await serveRoutes([
    { path: "/b/checkout/v1/pymt-txn", module: collectionRoute },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: itemRoute },
    { path: "/b/pbl/v2/inquiry", module: inquiryRoute },
  ]);
});

/** A request's answer: status, raw text (to look for card numbers in) and the parsed body. */
async function send(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Api-Key ${apiKey}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Json };
}
const read = (sessionId: string) => send("GET", `/b/checkout/v1/pymt-txn/${sessionId}`);

const attemptsOf = (sessionId: string) =>
  ctx.db.selectFrom("payment_attempts").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();

/** No card number, whole or spaced, nor anything of the stored card but its brand and last four digits. */
function expectNoCardData(text: string) {
  for (const card of Object.values(CARDS)) {
    expect(text).not.toContain(card);
    expect(text).not.toContain(card.replaceAll(" ", ""));
  }
  expect(text).not.toContain("••••");
  expect(text).not.toContain("12/39");
  expect(text).not.toMatch(/"(masked|expiry|card_masked|cvv)"/);
}

describe("attempts and reference_number in the transaction's representation", () => {
  it("a created transaction answers no attempts and no reference, on create, read and update", async () => {
    const created = await send("POST", "/b/checkout/v1/pymt-txn/", { amount: "10", currency_code: "KWD", pg_codes: ["card"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: "created", reference_number: null, attempts: [] });
    transactionRepresentationSchema.parse(created.body);

    const sessionId = String(created.body.session_id);
    const shown = await read(sessionId);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ reference_number: null, attempts: [] });
    expect(shown.body).toEqual(created.body);

    const patched = await send("PATCH", `/b/checkout/v1/pymt-txn/${sessionId}`, { order_no: "ATT-1" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ order_no: "ATT-1", reference_number: null, attempts: [] });
  });

  it("declined once then paid: both attempts oldest first, the decline's message, the paid attempt's reference", async () => {
    const sessionId = await newTransaction(ctx, caller, { order_no: "ATT-2" });
    const declined = await payWith(ctx, sessionId, CARDS.decline);
    await deliverReturn(ctx, declined.next);

    // After the decline: one attempt, nothing settled the transaction yet; it can still be changed.
    const afterDecline = await read(sessionId);
    expect(afterDecline.body).toMatchObject({ state: "attempted", reference_number: null });
    expect(afterDecline.body.attempts).toHaveLength(1);
    const put = await send("PUT", `/b/checkout/v1/pymt-txn/${sessionId}`, { amount: "10", currency_code: "KWD", pg_codes: ["card"], order_no: "ATT-2" });
    expect(put.status).toBe(200);
    expect(put.body.attempts).toEqual(afterDecline.body.attempts);
    expect(put.body.reference_number).toBeNull();

    const paid = await payWith(ctx, sessionId, CARDS.approve);
    await deliverReturn(ctx, paid.next);

    const stored = await attemptsOf(sessionId);
    expect(stored.map((a) => a.reference_number)).toEqual([declined.reference, paid.reference]);
    expect(stored[0]!.message).toBeTruthy();

    const shown = await read(sessionId);
    expect(shown.status).toBe(200);
    transactionRepresentationSchema.parse(shown.body);
    expect(shown.body).toMatchObject({ state: "paid", reference_number: paid.reference });
    expect(shown.body.attempts).toEqual([
      {
        reference_number: declined.reference,
        state: "declined",
        gateway_code: "card",
        amount: "10.000",
        is_duplicate: false,
        card: { brand: "Visa", last4: "0002" },
        message: stored[0]!.message,
        created_at: stored[0]!.created_at.toISOString(),
        completed_at: stored[0]!.completed_at!.toISOString(),
      },
      {
        reference_number: paid.reference,
        state: "success",
        gateway_code: "card",
        amount: "10.000",
        is_duplicate: false,
        card: { brand: "Visa", last4: "1111" },
        message: null,
        created_at: stored[1]!.created_at.toISOString(),
        completed_at: stored[1]!.completed_at!.toISOString(),
      },
    ]);
    expect(shown.body.attempts[0].message).toBe("Insufficient funds");
    const [first, second] = shown.body.attempts as Json[];
    expect(Date.parse(first!.created_at)).toBeLessThanOrEqual(Date.parse(second!.created_at));
    expectNoCardData(shown.text);

    // The inquiry answers the same transaction.
    const inquired = await send("POST", "/b/pbl/v2/inquiry/", { session_id: sessionId });
    expect(inquired.status).toBe(200);
    expect(inquired.body).toMatchObject({ reference_number: paid.reference, attempts: shown.body.attempts });
    expectNoCardData(inquired.text);
  });

  it("an attempt still waiting for the bank is listed pending, with no card, time of completion or reference", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const { reference } = await payWith(ctx, sessionId, CARDS.noAnswer);
    const shown = await read(sessionId);
    expect(shown.body).toMatchObject({ state: "pending", reference_number: null });
    expect(shown.body.attempts).toEqual([expect.objectContaining({ reference_number: reference, state: "pending", card: null, completed_at: null })]);
    transactionRepresentationSchema.parse(shown.body);
    expectNoCardData(shown.text);
  });

  it("a duplicate payment is listed but is not the transaction's reference", async () => {
    // The bank keeps the card, the merchant cancels the link, then an inquiry finds the bank approved after all.
    const sessionId = await newTransaction(ctx, caller);
    const { reference } = await payWith(ctx, sessionId, CARDS.noAnswer);
    await performOperation({ ctx, input: { caller, fields: { operation: "cancel", session_id: sessionId } } });
    const inquired = await send("POST", "/b/pbl/v2/inquiry/", { session_id: sessionId });
    expect(inquired.status).toBe(200);
    expect(inquired.body).toMatchObject({ state: "canceled", reference_number: null });
    expect(inquired.body.attempts).toEqual([
      expect.objectContaining({ reference_number: reference, state: "success", is_duplicate: true, card: { brand: "Visa", last4: "0259" } }),
    ]);
    transactionRepresentationSchema.parse(inquired.body);
    expectNoCardData(inquired.text);
  });
});
