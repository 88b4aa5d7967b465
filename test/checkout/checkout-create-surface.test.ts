import { beforeAll, describe, expect, it } from "vitest";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { attemptDelivery } from "@/lib/delivery/webhooks/attempt-delivery";
import { planEventEffects } from "@/lib/jobs/plan-event-effects";
import { signPayment } from "@/lib/checkout/result/payment-signature";
import { startCheckoutApi } from "../support/checkout-setup";
import { countRows, expectFieldError, minimal, txnPath } from "../support/checkout-samples";
import { CARDS, deliverReturn, events, payWith } from "../support/payment-flow";
import { startReceiver } from "../support/receiver";

// The rest of the create surface (issue 29) over HTTP: shipping_address (and ottu-py's shopping_address),
// customer_phone_2, customer_birthdate, due_datetime, card_acceptance_criteria, include_sdk_setup_preload and
// notifications.whatsapp: accepted, stored, echoed on create, GET, PATCH and PUT, refused with every field error at
// once (nothing stored); settled_pg_code once a gateway took the payment; the customer fields in the webhook.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
const HMAC_KEY = "surface-test-hmac-key";
beforeAll(async () => {
  api = await startCheckoutApi();
  await updateSettings({ ctx: api.ctx, input: { webhookHmacKey: HMAC_KEY } });
});

const shipping = { line1: "Block 4, Street 9", city: "Salmiya", state: "Hawalli", country: "KW", postal_code: "22001" };
const fields = {
  customer_phone: "96550000000",
  customer_phone_2: "+96560000000",
  customer_birthdate: "1990-04-21",
  shipping_address: { ...shipping, country: "kw" },
  due_datetime: "07/11/2026 09:40:38",
  card_acceptance_criteria: { min_expiry_time: 30 },
  include_sdk_setup_preload: true,
  notifications: { whatsapp: ["Created", "paid"] },
};
const echoed = {
  customer_phone_2: "+96560000000",
  customer_birthdate: "1990-04-21",
  shipping_address: { ...shipping, country: "KW" },
  due_datetime: "2026-11-07T09:40:38.000Z",
  card_acceptance_criteria: { min_expiry_time: 30 },
  include_sdk_setup_preload: true,
  notifications: { email: [], sms: [], whatsapp: ["created", "paid"] },
  settled_pg_code: null,
};
const none = {
  customer_phone_2: null,
  customer_birthdate: null,
  shipping_address: null,
  due_datetime: null,
  card_acceptance_criteria: null,
  include_sdk_setup_preload: false,
  settled_pg_code: null,
};

const read = async (sessionId: string) => (await api.send("GET", txnPath(sessionId))).body;

describe("accepted, stored and echoed", () => {
  it("create answers them, GET reads them back from the database", async () => {
    const res = await api.create(minimal(fields));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject(echoed);
    // What create adds for include_sdk_setup_preload (test/checkout/sdk-endpoints.test.ts); GET reads the rest.
    const { sdk_setup_preload_payload: preload, ...transaction } = res.body;
    expect(preload).toMatchObject({ session_id: res.body.session_id, state: "created" });
    expect(await read(res.body.session_id)).toEqual(transaction);
    const row = await api.ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", res.body.session_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_phone_2: "+96560000000", customer_birthdate: "1990-04-21", include_sdk_setup_preload: true });
    expect(row.due_datetime!.toISOString()).toBe("2026-11-07T09:40:38.000Z");
  });

  it("without them: null (and false), like every absent field", async () => {
    const res = await api.create(minimal());
    expect(res.body).toMatchObject({ ...none, notifications: { email: [], sms: [], whatsapp: [] } });
  });

  it.each([
    ["07/11/2026 09:40:38", "2026-11-07T09:40:38.000Z"],
    ["07/11/2026 09:40", "2026-11-07T09:40:00.000Z"],
    ["2026-07-01T15:00:00+03:00", "2026-07-01T12:00:00.000Z"],
    ["2026-07-01T12:00:00.25Z", "2026-07-01T12:00:00.250Z"],
    ["2026-07-01 12:00", "2026-07-01T12:00:00.000Z"],
    ["2029-02-28T23:59:59-0130", "2029-03-01T01:29:59.000Z"],
    ["01/01/2020 00:00:00", "2020-01-01T00:00:00.000Z"],
  ])("due_datetime %j is returned as %s (ISO 8601 UTC; past dates are fine)", async (given, expected) => {
    const res = await api.create(minimal({ due_datetime: given }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.due_datetime).toBe(expected);
  });

  it.each([
    [{ min_expiry_time: 0 }, { min_expiry_time: 0 }],
    [{ min_expiry_time: "45" }, { min_expiry_time: 45 }],
    [{ min_expiry_time: 3650, other: "ignored" }, { min_expiry_time: 3650 }],
    [{}, null],
  ])("card_acceptance_criteria %j is kept as %j", async (given, expected) => {
    const res = await api.create(minimal({ card_acceptance_criteria: given }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.card_acceptance_criteria).toEqual(expected);
  });

  it("a form body: objects as bracketed keys or JSON text, booleans as text", async () => {
    const body = new URLSearchParams({
      pg_codes: "card",
      amount: "10",
      currency_code: "KWD",
      "card_acceptance_criteria[min_expiry_time]": "60",
      shopping_address: JSON.stringify(shipping),
      customer_phone_2: "96560000000",
      include_sdk_setup_preload: "true",
    });
    const res = await api.send("POST", "/b/checkout/v1/pymt-txn/", body.toString(), { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ card_acceptance_criteria: { min_expiry_time: 60 }, shipping_address: shipping, include_sdk_setup_preload: true });
  });
});

describe("shopping_address, ottu-py's spelling of shipping_address", () => {
  it("is read as shipping_address and returned under that name only", async () => {
    const res = await api.create(minimal({ shopping_address: shipping }));
    expect(res.status).toBe(201);
    expect(res.body.shipping_address).toEqual(shipping);
    expect(res.body).not.toHaveProperty("shopping_address");
  });

  it("both with the same address: taken; with different ones: a field error on shopping_address, nothing stored", async () => {
    expect((await api.create(minimal({ shipping_address: shipping, shopping_address: { ...shipping, country: "kw" } }))).status).toBe(201);
    const before = await countRows(api.ctx, "transactions");
    const res = await api.create(minimal({ shipping_address: shipping, shopping_address: { ...shipping, city: "Hawalli" } }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ shopping_address: ["shopping_address is another name for shipping_address: send one of them, or the same address in both."] });
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("an address in one wins over a null in the other; its own errors keep the name sent", async () => {
    expect((await api.create(minimal({ shipping_address: null, shopping_address: shipping }))).body.shipping_address).toEqual(shipping);
    expect((await api.create(minimal({ shipping_address: shipping, shopping_address: null }))).body.shipping_address).toEqual(shipping);
    expectFieldError(await api.create(minimal({ shopping_address: { ...shipping, country: "XX" } })), ["shopping_address", "country"], /ISO 3166-1/);
  });
});

describe("update", () => {
  it("PATCH changes the fields given and keeps the rest; null (either spelling) clears", async () => {
    const { session_id: sessionId } = (await api.create(minimal(fields))).body;
    const patch = await api.send("PATCH", txnPath(sessionId), {
      customer_phone_2: "96570000000",
      due_datetime: "2026-12-01T08:00:00Z",
      card_acceptance_criteria: { min_expiry_time: 90 },
      notifications: { whatsapp: ["paid"], sms: ["paid"] },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body).toMatchObject({
      ...echoed,
      customer_phone_2: "96570000000",
      due_datetime: "2026-12-01T08:00:00.000Z",
      card_acceptance_criteria: { min_expiry_time: 90 },
      notifications: { email: [], sms: ["paid"], whatsapp: ["paid"] },
    });
    const cleared = await api.send("PATCH", txnPath(sessionId), { shopping_address: null, customer_birthdate: "", card_acceptance_criteria: null });
    expect(cleared.body).toMatchObject({ shipping_address: null, customer_birthdate: null, card_acceptance_criteria: null, customer_phone_2: "96570000000" });
    expect(await read(sessionId)).toEqual(cleared.body);
  });

  it("PUT replaces: left out, they return to null", async () => {
    const { session_id: sessionId } = (await api.create(minimal(fields))).body;
    const put = await api.send("PUT", txnPath(sessionId), minimal({ customer_birthdate: "2001-01-31" }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ ...none, customer_birthdate: "2001-01-31", notifications: { email: [], sms: [], whatsapp: [] } });
  });

  it("notifications.whatsapp is checked against the merged customer_phone", async () => {
    const { session_id: sessionId } = (await api.create(minimal({ customer_phone: "96550000000", notifications: { whatsapp: ["paid"] } }))).body;
    const res = await api.send("PATCH", txnPath(sessionId), { customer_phone: null });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ customer_phone: ["customer_phone is required when notifications.whatsapp lists events."] });
    expect((await read(sessionId)).customer_phone).toBe("96550000000");
  });
});

describe("refused with a clear message", () => {
  const tomorrowPlus = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  it.each([
    ["customer_phone_2", "12345678901234567", /no more than 16 characters/],
    ["customer_phone_2", "phone-2", /digits only \(at most 16 characters\)/],
    ["customer_phone_2", "+12", /digits only/],
    ["customer_birthdate", "21/04/1990", /YYYY-MM-DD, for example 1990-04-21/],
    ["customer_birthdate", "1990-02-30", /YYYY-MM-DD/],
    ["customer_birthdate", 19900421, /YYYY-MM-DD/],
    ["customer_birthdate", tomorrowPlus, /from 1900-01-01 to today/],
    ["customer_birthdate", "1899-12-31", /from 1900-01-01 to today/],
    ["due_datetime", "31/02/2026 10:00:00", /DD\/MM\/YYYY HH:MM:SS or ISO 8601/],
    ["due_datetime", "2026-07-01", /DD\/MM\/YYYY HH:MM:SS or ISO 8601/],
    ["due_datetime", "2026-07-01T24:00:00Z", /DD\/MM\/YYYY HH:MM:SS or ISO 8601/],
    ["due_datetime", "next friday", /DD\/MM\/YYYY HH:MM:SS or ISO 8601/],
    ["due_datetime", 1767225600, /DD\/MM\/YYYY HH:MM:SS or ISO 8601/],
    ["include_sdk_setup_preload", "maybe", /boolean: true or false/],
    ["card_acceptance_criteria", 30, /an object like \{"min_expiry_time": 30\}/],
  ])("%s %j", async (field, value, pattern) => {
    expectFieldError(await api.create(minimal({ [field]: value })), [field], pattern);
  });

  it.each([-1, 3651, 1.5, "thirty", true])("card_acceptance_criteria.min_expiry_time %j", async (value) => {
    expectFieldError(await api.create(minimal({ card_acceptance_criteria: { min_expiry_time: value } })), ["card_acceptance_criteria", "min_expiry_time"], /whole number of days from 0 to 3650/);
  });

  it("shipping_address by billing_address's rules, every member's error nested", async () => {
    const res = await api.create(minimal({ shipping_address: { line1: "", country: "ZZ", postal_code: "1".repeat(13) } }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.shipping_address).sort()).toEqual(["city", "country", "line1", "postal_code", "state"]);
  });

  it("notifications.whatsapp: known events only, and customer_phone needed", async () => {
    expectFieldError(await api.create(minimal({ customer_phone: "96550000000", notifications: { whatsapp: ["sent"] } })), ["notifications", "whatsapp"], /Allowed events: created, paid/);
    expectFieldError(await api.create(minimal({ notifications: { whatsapp: ["paid"] } })), ["customer_phone"], /required when notifications.whatsapp lists events/);
  });

  it("every bad field at once, with the configuration's checks, and nothing is stored", async () => {
    const before = await countRows(api.ctx, "transactions");
    const res = await api.create({
      amount: "-1",
      currency_code: "KWD",
      pg_codes: ["nope"],
      customer_phone_2: "x",
      customer_birthdate: "1990-13-01",
      due_datetime: "soon",
      card_acceptance_criteria: { min_expiry_time: 4000 },
      shipping_address: { line1: "Street 1" },
      include_sdk_setup_preload: "perhaps",
      notifications: { whatsapp: ["paid"] },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual([
      "amount",
      "card_acceptance_criteria",
      "customer_birthdate",
      "customer_phone",
      "customer_phone_2",
      "due_datetime",
      "include_sdk_setup_preload",
      "pg_codes",
      "shipping_address",
    ]);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("a PATCH with bad values changes nothing", async () => {
    const created = (await api.create(minimal(fields))).body;
    delete created.sdk_setup_preload_payload; // create's alone (include_sdk_setup_preload); GET never carries it
    const res = await api.send("PATCH", txnPath(created.session_id), { customer_birthdate: "yesterday", due_datetime: "32/01/2026 10:00:00", shopping_address: { city: "X" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["customer_birthdate", "due_datetime", "shopping_address"]);
    expect(await read(created.session_id)).toEqual(created);
  });
});

describe("settled_pg_code and the webhook", () => {
  it("settled_pg_code: null until a gateway takes the payment, then the code of the gateway that took it", async () => {
    const { session_id: sessionId } = (await api.create(minimal({ pg_codes: ["card", "knet"] }))).body;
    const declined = await payWith(api.ctx, sessionId, CARDS.decline, { code: "card" });
    await deliverReturn(api.ctx, declined.next);
    expect(await read(sessionId)).toMatchObject({ state: "attempted", settled_pg_code: null, reference_number: null });
    await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.approve, { code: "knet" })).next);
    const paid = await read(sessionId);
    expect(paid).toMatchObject({ state: "paid", settled_pg_code: "knet" });
    expect(paid.attempts.find((a: { reference_number: string }) => a.reference_number === paid.reference_number).gateway_code).toBe("knet");
  });

  it("the webhook carries customer_phone_2, customer_birthdate and shipping_address; the signature is unchanged by them", async () => {
    const receiver = await startReceiver();
    const created = await api.create(minimal({ ...fields, webhook_url: receiver.url, customer_first_name: "Sara" }));
    const sessionId = created.body.session_id;
    await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.approve, { code: "card" })).next);
    const paid = (await events(api.ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const { deliveryIds } = await planEventEffects(api.ctx.db, paid.event_id);
    expect(await attemptDelivery({ ctx: api.ctx, input: { deliveryId: deliveryIds[0]!, scheduleRetry: false } })).toEqual({ done: true });
    const payload = JSON.parse(receiver.received[0]!.body);
    expect(payload).toMatchObject({
      customer_first_name: "Sara",
      customer_phone: "96550000000",
      customer_phone_2: "+96560000000",
      customer_birthdate: "1990-04-21",
      shipping_address: { ...shipping, country: "KW" },
    });
    const unsigned = ["signature", "customer_phone_2", "customer_birthdate", "shipping_address"];
    const rest = Object.fromEntries(Object.entries(payload).filter(([key]) => !unsigned.includes(key)));
    expect(payload.signature).toBe(signPayment(HMAC_KEY, rest));
  });

  it("a transaction without them sends none of them", async () => {
    const receiver = await startReceiver();
    const { session_id: sessionId } = (await api.create(minimal({ webhook_url: receiver.url }))).body;
    await deliverReturn(api.ctx, (await payWith(api.ctx, sessionId, CARDS.approve, { code: "card" })).next);
    const paid = (await events(api.ctx, sessionId)).find((e) => e.to_state === "paid")!;
    const { deliveryIds } = await planEventEffects(api.ctx.db, paid.event_id);
    await attemptDelivery({ ctx: api.ctx, input: { deliveryId: deliveryIds[0]!, scheduleRetry: false } });
    const payload = JSON.parse(receiver.received[0]!.body);
    for (const key of ["customer_phone_2", "customer_birthdate", "shipping_address"]) expect(payload).not.toHaveProperty(key);
  });
});
