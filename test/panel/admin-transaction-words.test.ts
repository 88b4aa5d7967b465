import { beforeAll, describe, expect, it } from "vitest";
import type { DeliveryEntry } from "@/db/queries/delivery-view";
import { type TransactionDetail, loadTransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { runOperationForm } from "@/lib/panel/admin/run-operation-form";
import { storedFieldRows } from "@/lib/panel/admin/stored-field-rows";
import { transactionFacts } from "@/lib/panel/admin/transaction-facts";
import { transactionTimeline } from "@/lib/panel/admin/transaction-timeline";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Caller } from "@/lib/access/auth/permissions";
import { createUser } from "../support/factories";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// The transaction page's view model: the header's facts, the timeline in words with actors by name (never
// "api_key:1"), oldest first, and the stored fields labelled in words with the empty ones left out.

const ctx = testContext();
let apiKey: Extract<Caller, { kind: "api_key" }>;
let admin: UserCaller;

beforeAll(async () => {
  apiKey = (await setUpPayments(ctx)) as typeof apiKey;
  admin = adminCaller(await createUser(ctx, { isSuperuser: true }));
});

const detail = (sessionId: string) => loadTransactionDetail({ ctx, input: { caller: admin, sessionId } });

/** A transaction declined once, then paid, then partly refunded from the panel by `admin`. */
async function paidAfterADecline() {
  const sessionId = await newTransaction(ctx, apiKey, {
    amount: "86",
    order_no: `ORD-${Date.now()}`,
    customer_first_name: "Sara",
    customer_last_name: "Ali",
    customer_email: "sara@example.com",
    customer_phone: "+96550000000",
  });
  const declined = await payWith(ctx, sessionId, CARDS.decline);
  await deliverReturn(ctx, declined.next);
  const paid = await payWith(ctx, sessionId, CARDS.approve);
  await deliverReturn(ctx, paid.next);
  const { version } = await detail(sessionId);
  const form = new FormData();
  for (const [k, v] of Object.entries({ sessionId, operation: "refund", amount: "20", version })) form.set(k, v);
  await runOperationForm({ ctx, input: { caller: admin, form } });
  return { sessionId, declined: declined.reference, paid: paid.reference };
}

describe("the header's facts", () => {
  it("names the customer (linked to their view), the card, the gateway that took the payment and the receipt's reference", async () => {
    const { sessionId, paid } = await paidAfterADecline();
    const page = await detail(sessionId);
    const facts = transactionFacts(page);
    expect(facts).toMatchObject({
      title: `Order ${page.txn.order_no}`,
      amount: "KWD 86.000",
      charged: "KWD 86.000 (no fee)",
      refunded: "KWD 20.000",
      customer: { name: "Sara Ali", email: "sara@example.com", phone: "+96550000000", href: "/admin/customers?email=sara%40example.com" },
      method: "Visa •••• 1111",
      reference: paid,
      createdBy: `API key '${apiKey.name}'`,
    });
    expect(facts.gateway).toMatch(/\(card\)$|^card$/);
    expect(facts.paidAt).toEqual(page.attempts[1]!.completed_at);
  });

  it("links the customer by customer_id when the merchant gave one, and says nothing is paid yet", async () => {
    const page = await detail(await newTransaction(ctx, apiKey, { customer_id: "cust 7", customer_email: "x@example.com" }));
    const facts = transactionFacts(page);
    expect(facts.customer?.href).toBe("/admin/customers?customer_id=cust%207");
    expect(facts).toMatchObject({ charged: null, refunded: null, method: null, gateway: null, reference: null, paidAt: null });
  });
});

describe("the timeline in words", () => {
  it("tells the story oldest first with who did what by name, never an actor's id", async () => {
    const { sessionId, declined, paid } = await paidAfterADecline();
    const page = await detail(sessionId);
    const texts = transactionTimeline(page).map((e) => e.text);
    const gateway = transactionFacts(page).gateway!;
    expect(texts).toEqual([
      `Created by API key '${apiKey.name}'`,
      `Payment attempt ${declined} via ${gateway} started`,
      `Payment attempt ${declined} via ${gateway}: declined (Insufficient funds)`,
      `Payment attempt ${paid} via ${gateway} started`,
      "Paid KWD 86.000",
      `Refunded KWD 20.000 by admin ${admin.username}`,
    ]);
    expect(JSON.stringify(transactionTimeline(page))).not.toMatch(/api_key:|user:\d/);
  });

  it("puts a webhook after the event that caused it, with how long it took or why it failed", () => {
    const at = "2030-01-01T10:00:00.000000+00:00";
    const tryAt = (ms: number, status: number | null, error: string | null) => ({
      attempt_no: 1,
      status_code: status,
      duration_ms: ms,
      response_excerpt: null,
      error,
      request_headers: null,
      created_at: at,
    });
    const delivery = (id: string, state: string, tries: DeliveryEntry["tries"]): DeliveryEntry => ({
      id,
      number: Number(id) - 1,
      event_id: `event-${id}`,
      payload: {},
      event_kind: "state_changed",
      event_state: "paid",
      url: "https://shop.example/hook",
      state,
      attempt_count: tries.length,
      next_attempt_at: null,
      created_at: at,
      delivered_at: state === "delivered" ? at : null,
      tries,
    });
    const page = {
      txn: { currency_code: "KWD" },
      decimals: 3,
      gateways: [],
      attempts: [],
      operations: [],
      actors: { "api_key:9": "shop" },
      created_by_api_key: null,
      created_by_user: null,
      messages: [],
      events: [{ id: "1", kind: "created", from_state: null, to_state: "created", cause: "api", data: { actor: "api_key:9" }, attempt_id: null, operation_id: null, created_at: at }],
      deliveries: [delivery("2", "delivered", [tryAt(126, 200, null)]), delivery("3", "failed", [tryAt(30, null, "connection refused")])],
    } as unknown as TransactionDetail;
    expect(transactionTimeline(page).map((e) => [e.text, e.tone])).toEqual([
      ["Created by API key 'shop'", "neutral"],
      ["Webhook delivered in 126 ms", "good"],
      ["Webhook failed: connection refused", "bad"],
    ]);
    expect(transactionTimeline(page)[1]!.detail).toBe("For the state changed (paid), to https://shop.example/hook");
  });
});

describe("the stored fields", () => {
  it("are labelled in words, with no enum values and no empty rows", async () => {
    const page = await detail(await newTransaction(ctx, apiKey, { notifications: { email: ["paid"] }, customer_email: "a@example.com" }));
    const rows = storedFieldRows(page);
    const text = Object.fromEntries(rows.map((r) => [r.label, "text" in r ? r.text : "at" in r ? "(time)" : "(list)"]));
    expect(text).toMatchObject({
      State: "Created",
      Type: "E-commerce (the merchant's checkout)",
      "Payment type": "One-off payment",
      "Gateway operation": "Purchase (charged at once)",
      Amount: "KWD 10.000",
      "Notifications asked for": "E-mail on paid",
      "Created through": "Checkout API",
    });
    expect(text["Time to pay"]).toMatch(/^\d+ (day|hour|minute)/);
    for (const gone of ["Deleted", "Legacy interface fields", "Refunded", "Expiration seconds", "Deleted at", "Legacy"]) expect(text).not.toHaveProperty(gone);
    expect(JSON.stringify(rows)).not.toMatch(/e_commerce|one_off/);
  });
});
