import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { toCheckoutView } from "@/components/checkout/checkout-view";
import { loadTransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Caller } from "@/lib/access/auth/permissions";
import { loadPaymentPage } from "@/lib/checkout/checkout-page/load-payment-page";
import { cancelSandboxPayment } from "@/lib/gateways/sandbox/cancel-sandbox-payment";
import { chargeCard } from "@/lib/gateways/sandbox/charge-card";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { performOperation } from "@/lib/checkout/operations/perform-operation";
import { recordGatewayResult } from "@/lib/checkout/payments/record-gateway-result";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { listFailingDeliveries } from "@/lib/delivery/webhooks/list-failing-deliveries";
import { signPayment } from "@/lib/checkout/result/payment-signature";
import { retryDeliveries } from "@/lib/delivery/webhooks/retry-deliveries";
import { createUser } from "../support/factories";
import { legacyTransaction } from "../support/legacy-factory";
import { CARDS, deliverReturn, events, freshMessage, messageIn, newTransaction, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";
import { testContext } from "../support/test-context";

// After a legacy transaction's payment: the first result ends it, its legacy result goes to disclosure_url
// (signed, retried, in the delivery log), and the customer goes to redirect_url only when that POST's first
// answer was HTTP 200. Legacy rows are made as the legacy create endpoint stores them (support/legacy-factory.ts).

const ctx = testContext();
const HMAC_KEY = "legacy-test-hmac-key";
let caller: Caller;
let admin: UserCaller;
let answer: (n: number) => number | "hang" = () => 200;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  caller = await setUpPayments(ctx);
  admin = adminCaller(await createUser(ctx, { isSuperuser: true }));
  await updateSettings({ ctx, input: { webhookHmacKey: HMAC_KEY } });
  receiver = await startReceiver((n) => answer(n));
});

const ADDRESS = { line1: "Block 3, Street 12", line2: "House 7", city: "Kuwait City", state: "Capital", country: "KW", postal_code: "13001" };

let orders = 1000;
/**
 * Every optional field the legacy result carries, as a legacy create request (and the hosted page) fill them;
 * order numbers are unique among live transactions.
 */
const full = (orderNo = `LEG-${++orders}`) => ({
  fields: {
    amount: "12.5",
    order_no: orderNo,
    customer_first_name: "Sara",
    customer_last_name: "Ahmad",
    customer_email: "sara@example.com",
    customer_phone: "+96550001234",
    billing_address: ADDRESS,
    vendor_name: "Main store",
    redirect_url: "https://shop.example/legacy/back?from=pos",
    extra: { cart: "c-9", coupon: "SPRING" },
  },
  legacy: { full_name: "Sara Ahmad", bulk_id: "BULK-7", delivery_location: { latitude: 29.3759, longitude: 47.9774 } },
});

const newLegacy = (input: { fields?: Record<string, unknown>; legacy?: Record<string, unknown> } = {}) =>
  legacyTransaction(ctx, caller, { disclosureUrl: receiver.url, ...input });

/** Pays with `card` on the sandbox and brings the customer back; returns the attempt's reference. */
async function pay(sessionId: string, card: string, code = "card") {
  const { reference, next } = await payWith(ctx, sessionId, card, { code });
  await deliverReturn(ctx, next);
  return reference;
}

/** The customer cancels on the sandbox's page. */
async function cancelAtGateway(sessionId: string) {
  const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
  if (started.kind !== "redirect") throw new Error(started.kind);
  await deliverReturn(ctx, (await cancelSandboxPayment({ ctx, input: { reference: started.referenceNumber } })).url);
  return started.referenceNumber;
}

/** Plans every event of the transaction (as the job engine does) and returns the deliveries they made. */
async function planAll(sessionId: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const e of await events(ctx, sessionId)) for (const id of (await planEventEffects(ctx.db, e.event_id)).deliveryIds) ids.add(id);
  return [...ids];
}

/** The one delivery of the transaction's result, tried once; returns it and what the receiver got. */
async function deliverOnce(sessionId: string) {
  const deliveryIds = await planAll(sessionId);
  expect(deliveryIds).toHaveLength(1);
  const before = receiver.received.length;
  await attemptDelivery({ ctx, input: { deliveryId: deliveryIds[0]!, scheduleRetry: false } });
  const hit = receiver.received[before];
  return { deliveryId: deliveryIds[0]!, hit, body: hit ? (JSON.parse(hit.body) as Record<string, unknown>) : undefined };
}

const deliveryRow = (id: string) => ctx.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const triesOf = (id: string) => ctx.db.selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", id).orderBy("attempt_no").execute();

describe("a legacy transaction ends at its first result", () => {
  it("a declined payment fails it for good: no second attempt can start", async () => {
    answer = () => 200;
    const sessionId = await newLegacy();
    await pay(sessionId, CARDS.decline);
    expect(await stateOf(ctx, sessionId)).toBe("failed");
    expect(await startPayment({ ctx, input: { sessionId, code: "card" } })).toEqual({ kind: "closed", state: "failed" });
  });

  it("a payment the customer canceled at the gateway cancels it", async () => {
    const sessionId = await newLegacy();
    await cancelAtGateway(sessionId);
    expect(await stateOf(ctx, sessionId)).toBe("canceled");
    expect(await startPayment({ ctx, input: { sessionId, code: "card" } })).toEqual({ kind: "closed", state: "canceled" });
  });

  it("a checkout transaction stays payable after a decline, as before", async () => {
    const sessionId = await newTransaction(ctx, caller);
    await pay(sessionId, CARDS.decline);
    expect(await stateOf(ctx, sessionId)).toBe("attempted");
  });

  it("the browser's return and the gateway's callback arriving together move it once and send one result", async () => {
    const sessionId = await newLegacy();
    const { reference, next } = await payWith(ctx, sessionId, CARDS.decline);
    const callback = await freshMessage(ctx, reference);
    const results = await Promise.all([
      recordGatewayResult({ ctx, input: { pg: "sandbox", channel: "return", params: messageIn(next) } }),
      recordGatewayResult({ ctx, input: { pg: "sandbox", channel: "callback", params: callback } }),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect((await events(ctx, sessionId)).filter((e) => e.to_state === "failed")).toHaveLength(1);
    expect(await planAll(sessionId)).toHaveLength(1);
  });
});

describe("the legacy result POSTed to disclosure_url", () => {
  it("carries every field of the legacy result table, signed, with Standard Webhooks headers", async () => {
    answer = () => 200;
    const sessionId = await newLegacy(full("LEG-1"));
    const reference = await pay(sessionId, CARDS.approve);
    const { deliveryId, hit, body } = await deliverOnce(sessionId);

    expect(body).toEqual({
      result: "success",
      amount: "12.500",
      currency_code: "KWD",
      reference_number: reference,
      order_no: "LEG-1",
      session_id: sessionId,
      bulk_id: "BULK-7",
      customer_first_name: "Sara",
      customer_last_name: "Ahmad",
      customer_email: "sara@example.com",
      customer_phone: "+96550001234",
      customer_address_line1: "Block 3, Street 12",
      customer_address_line2: "House 7",
      customer_address_city: "Kuwait City",
      customer_address_state: "Capital",
      customer_address_country: "KW",
      customer_address_postal_code: "13001",
      vendor_name: "Main store",
      full_name: "Sara Ahmad",
      Gateway_name: "sandbox",
      gateway_account: "card",
      gateway_response: expect.objectContaining({ result: "CAPTURED", ref: reference, trackid: reference, responsecode: "00", udf6: "Main store" }),
      delivery_location: { latitude: 29.3759, longitude: 47.9774 },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // The signature: the webhook scheme over the signed fields present, Gateway_name read as gateway_name.
    const signed =
      "amount12.500currency_codeKWDcustomer_address_cityKuwait Citycustomer_address_countryKWcustomer_address_line1Block 3, Street 12" +
      "customer_address_line2House 7customer_address_postal_code13001customer_address_stateCapitalcustomer_emailsara@example.com" +
      `customer_first_nameSaracustomer_last_nameAhmadcustomer_phone+96550001234gateway_accountcardgateway_namesandboxorder_noLEG-1` +
      `reference_number${reference}resultsuccess`;
    expect(body!.signature).toBe(createHmac("sha256", HMAC_KEY).update(signed).digest("hex"));
    const { signature, Gateway_name, ...rest } = body!;
    expect(signature).toBe(signPayment(HMAC_KEY, { ...rest, gateway_name: Gateway_name }));

    const paidEvent = (await events(ctx, sessionId)).find((e) => e.to_state === "paid")!;
    expect(hit!.headers["content-type"]).toBe("application/json");
    expect(hit!.headers["webhook-id"]).toBe(paidEvent.event_id);
    const verifier = new Webhook(Buffer.from(HMAC_KEY, "utf8").toString("base64"));
    expect(() => verifier.verify(hit!.body, hit!.headers as Record<string, string>)).not.toThrow();

    expect(await deliveryRow(deliveryId)).toMatchObject({ url: receiver.url, state: "delivered", attempt_count: 1, last_status: 200 });
  });

  it("leaves out the optional fields a transaction does not have", async () => {
    const sessionId = await newLegacy();
    const reference = await pay(sessionId, CARDS.approve);
    const { body } = await deliverOnce(sessionId);
    expect(body).toEqual({
      result: "success",
      amount: "10.000",
      currency_code: "KWD",
      reference_number: reference,
      order_no: null,
      session_id: sessionId,
      Gateway_name: "sandbox",
      gateway_account: "card",
      gateway_response: expect.not.objectContaining({ udf6: expect.anything() }),
      signature: signPayment(HMAC_KEY, { amount: "10.000", currency_code: "KWD", reference_number: reference, gateway_name: "sandbox", gateway_account: "card", result: "success" }),
    });
  });

  it("carries the address and delivery location the customer gave on the payment page", async () => {
    const sessionId = await newLegacy({ legacy: { capture_address: true, capture_delivery: true } });
    const pageFields = { line1: "Tower 2", city: "Salmiya", state: "Hawalli", country: "kw", postal_code: "22001", latitude: "29.3375", longitude: "48.0758" };
    const started = await startPayment({ ctx, input: { sessionId, code: "card", pageFields } });
    if (started.kind !== "redirect") throw new Error(started.kind);
    const { url } = await chargeCard({
      ctx,
      input: { reference: started.referenceNumber, cardNumber: CARDS.approve, expiry: "12/39", cvv: "123", name: "Sara Ahmad", saveCard: false },
    });
    await deliverReturn(ctx, url);
    expect((await deliverOnce(sessionId)).body).toMatchObject({
      customer_address_line1: "Tower 2",
      customer_address_city: "Salmiya",
      customer_address_state: "Hawalli",
      customer_address_country: "KW",
      customer_address_postal_code: "22001",
      delivery_location: { latitude: 29.3375, longitude: 48.0758 },
    });
  });

  it.each([
    ["declined", "failed", "failed", "Insufficient funds"],
    ["error", "error", "error", "Processing error at the issuer"],
  ] as const)("a %s card: result %s (state %s) with the gateway's message", async (card, result, state, message) => {
    const sessionId = await newLegacy({ fields: { order_no: `LEG-${card}` } });
    const reference = await pay(sessionId, card === "declined" ? CARDS.decline : CARDS.error);
    expect(await stateOf(ctx, sessionId)).toBe(state);
    const { body } = await deliverOnce(sessionId);
    expect(body).toMatchObject({ result, message, reference_number: reference, order_no: `LEG-${card}`, gateway_account: "card" });
  });

  it("a payment canceled at the gateway: result canceled", async () => {
    const sessionId = await newLegacy();
    const reference = await cancelAtGateway(sessionId);
    const { body } = await deliverOnce(sessionId);
    expect(body).toMatchObject({ result: "canceled", message: "Canceled by the customer", reference_number: reference });
  });

  it("an authorize gateway's approval: result success", async () => {
    const sessionId = await newLegacy({ fields: { pg_codes: ["card-auth"] } });
    await pay(sessionId, CARDS.approve, "card-auth");
    expect(await stateOf(ctx, sessionId)).toBe("authorized");
    expect((await deliverOnce(sessionId)).body).toMatchObject({ result: "success", gateway_account: "card-auth" });
  });

  it("the merchant canceling it sends result canceled; expiring it sends nothing", async () => {
    const canceled = await newLegacy();
    await performOperation({ ctx, input: { caller, fields: { operation: "cancel", session_id: canceled } } });
    expect((await deliverOnce(canceled)).body).toMatchObject({ result: "canceled", reference_number: null, Gateway_name: null });

    const expired = await newLegacy();
    await performOperation({ ctx, input: { caller, fields: { operation: "expire", session_id: expired } } });
    expect(await stateOf(ctx, expired)).toBe("expired");
    expect(await planAll(expired)).toEqual([]);
  });

  it("later operations (a refund) send no second legacy result", async () => {
    const sessionId = await newLegacy();
    await pay(sessionId, CARDS.approve);
    await performOperation({ ctx, input: { caller, fields: { operation: "refund", session_id: sessionId } } });
    expect(await stateOf(ctx, sessionId)).toBe("refunded");
    expect(await planAll(sessionId)).toHaveLength(1);
  });

  it("is retried on the webhook schedule after a 500, a timeout and a refused connection, always the same body", async () => {
    // The receiver counts every request of this file: this test's first is before + 1.
    const before = receiver.received.length;
    answer = (n) => (n === before + 1 ? 500 : n === before + 2 ? "hang" : 200);
    const sessionId = await newLegacy(full());
    await pay(sessionId, CARDS.approve);
    const [deliveryId] = await planAll(sessionId);
    const first = await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } });
    expect(first.done).toBe(false);
    expect((await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } })).done).toBe(false);
    await receiver.stop();
    expect((await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } })).done).toBe(false);
    await receiver.start();
    expect(await attemptDelivery({ ctx, input: { deliveryId: deliveryId!, scheduleRetry: false } })).toEqual({ done: true });

    const tries = await triesOf(deliveryId!);
    expect(tries.map((t) => t.status_code)).toEqual([500, null, null, 200]);
    expect(tries[1]!.error).toMatch(/^Timeout after 2 s: .* did not answer in time\./);
    expect(tries[2]!.error).toBeTruthy();
    const bodies = receiver.received.slice(before).map((r) => r.body);
    expect(bodies).toHaveLength(3); // the refused connection reached nobody
    expect(new Set(bodies).size).toBe(1);
  });

  it("is in the panel's delivery log and failing deliveries, and can be resent from there", async () => {
    answer = () => 503;
    const sessionId = await newLegacy();
    await pay(sessionId, CARDS.decline);
    const { deliveryId } = await deliverOnce(sessionId);

    const detail = await loadTransactionDetail({ ctx, input: { caller: admin, sessionId } });
    expect(detail.deliveries).toEqual([expect.objectContaining({ url: receiver.url, state: "pending" })]);
    const failing = await listFailingDeliveries({ ctx, input: { caller: admin } });
    expect(failing.map((d) => d.id)).toContain(deliveryId);

    answer = () => 200;
    expect(await retryDeliveries({ ctx, input: { caller: admin, deliveryIds: [deliveryId] } })).toEqual({ retried: 1 });
    expect(await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } })).toEqual({ done: true });
    expect(await deliveryRow(deliveryId)).toMatchObject({ state: "delivered", attempt_count: 2, last_status: 200 });
  });
});

describe("the customer's way back: decided by the first answer of the legacy result's delivery", () => {
  const page = async (sessionId: string) => (await loadPaymentPage({ ctx, input: { sessionId } }))!;

  it("HTTP 200: on to redirect_url with order_no, reference_number and the extra entries (nothing else)", async () => {
    answer = () => 200;
    const sessionId = await newLegacy(full("LEG-2"));
    const reference = await pay(sessionId, CARDS.approve);
    await deliverOnce(sessionId);
    const url = new URL((await page(sessionId)).redirectUrl!);
    expect(url.origin + url.pathname).toBe("https://shop.example/legacy/back");
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: "pos", cart: "c-9", coupon: "SPRING", order_no: "LEG-2", reference_number: reference });
  });

  it("HTTP 200 after a declined payment: on to redirect_url too (the merchant decides by the stored result)", async () => {
    answer = () => 200;
    const sessionId = await newLegacy(full());
    await pay(sessionId, CARDS.decline);
    await deliverOnce(sessionId);
    expect((await page(sessionId)).redirectUrl).toContain("https://shop.example/legacy/back");
  });

  it.each([
    ["another 2xx (204)", () => 204],
    ["HTTP 500", () => 500],
    ["no answer in time", () => "hang" as const],
  ])("%s: the customer stays on our response page", async (_, status) => {
    answer = status;
    const sessionId = await newLegacy(full());
    await pay(sessionId, CARDS.approve);
    await deliverOnce(sessionId);
    expect(await page(sessionId)).toMatchObject({ kind: "finished", state: "paid", redirectUrl: null });
  });

  it("a network error: the customer stays on our response page, even once a retry is answered 200", async () => {
    const sessionId = await newLegacy(full());
    await pay(sessionId, CARDS.approve);
    await receiver.stop();
    const { deliveryId } = await deliverOnce(sessionId);
    await receiver.start();
    expect((await page(sessionId)).redirectUrl).toBeNull();

    answer = () => 200;
    expect(await attemptDelivery({ ctx, input: { deliveryId, scheduleRetry: false } })).toEqual({ done: true });
    expect((await page(sessionId)).redirectUrl).toBeNull();
  });

  it("the response page shows the transaction's details: result, message, amount, reference, order, gateway, date", async () => {
    answer = () => 500;
    const declined = await newLegacy(full("LEG-3"));
    const reference = await pay(declined, CARDS.decline);
    await deliverOnce(declined);
    const view = toCheckoutView(await page(declined));
    expect(view).toMatchObject({ orderNo: "LEG-3", amount: "12.500", currency: "KWD", methods: [], retryNotice: null });
    expect(view.result).toMatchObject({
      kind: "failed",
      referenceNumber: reference,
      amount: "12.500",
      methodName: "card",
      message: "Insufficient funds",
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const canceled = await newLegacy(full());
    await cancelAtGateway(canceled);
    await deliverOnce(canceled);
    expect(toCheckoutView(await page(canceled)).result).toMatchObject({ kind: "abandoned", message: "Canceled by the customer" });
  });
});

describe("vendor_name reaches the gateway as udf6", () => {
  it("the sandbox answers it back in gateway_response, which the checkout webhook carries too", async () => {
    answer = () => 200;
    const sessionId = await newTransaction(ctx, caller, { vendor_name: "Main store", webhook_url: receiver.url });
    await pay(sessionId, CARDS.approve);
    const { body } = await deliverOnce(sessionId);
    expect(body!.gateway_response).toMatchObject({ udf1: "card", udf2: "KWD", udf6: "Main store" });

    const without = await newTransaction(ctx, caller, { webhook_url: receiver.url });
    await pay(without, CARDS.approve);
    expect(Object.keys((await deliverOnce(without)).body!.gateway_response as object)).not.toContain("udf6");
  });
});
