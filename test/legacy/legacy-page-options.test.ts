import { beforeAll, describe, expect, it } from "vitest";
import * as payRoute from "@/app/b/checkout/redirect/pay/route";
import type { Caller } from "@/lib/access/auth/permissions";
import { captureView } from "@/lib/checkout/checkout-page/capture-view";
import { loadPaymentPage } from "@/lib/checkout/checkout-page/load-payment-page";
import { readTypedFields } from "@/lib/checkout/checkout-page/typed-fields-cookie";
import { chargeCard } from "@/lib/gateways/sandbox/charge-card";
import { checkPageFields, type PageOptions, type TypedPageFields } from "@/lib/checkout/page-fields/page-fields";
import { serveRoutes } from "../support/http-server";
import { legacyTransaction } from "../support/legacy-factory";
import { CARDS, newTransaction, setUpPayments, stateOf } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// The hosted page options of legacy e-commerce transactions (capture_address, capture_delivery): the rules of
// the fields, and the pay route that checks them and stores them with the payment attempt, or sends the
// customer back to the page with what was typed and changes nothing.

const ctx = testContext();
let caller: Caller;
let base: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  base = await serveRoutes([{ path: "/b/checkout/redirect/pay", module: payRoute }]);
});

const ADDRESS: TypedPageFields = { line1: "Block 4, Street 12, House 7", line2: "Floor 2", city: "Salmiya", state: "Hawalli", country: "kw", postal_code: "22001" };
const STORED_ADDRESS = { line1: "Block 4, Street 12, House 7", line2: "Floor 2", city: "Salmiya", state: "Hawalli", country: "KW", postal_code: "22001" };
const LOCATION: TypedPageFields = { latitude: "29.3375", longitude: "48.0758" };
const ADDRESS_ONLY: PageOptions = { captureAddress: true, captureDelivery: false };
const DELIVERY_ONLY: PageOptions = { captureAddress: false, captureDelivery: true };
const CREATED_ADDRESS = { line1: "Sent by the shop", city: "Kuwait City", state: "Capital", country: "KW", postal_code: "13001" };

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${base}/b/checkout/redirect/pay/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const pay = (sessionId: string, typed: TypedPageFields = {}) => post({ session_id: sessionId, code: "card", ...(typed as Record<string, string>) });

const row = (sessionId: string) => ctx.db.selectFrom("transactions").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
const attempts = (sessionId: string) => ctx.db.selectFrom("payment_attempts").selectAll().where("session_id", "=", sessionId).orderBy("id").execute();
const sandboxStatus = async (reference: string) =>
  (await ctx.db.selectFrom("sandbox_payments").select("status").where("reference_number", "=", reference).executeTakeFirstOrThrow()).status;

/** The cookie a refused form sets, as the page reads it. */
function typedIn(res: Response, sessionId: string) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("checkout_typed="));
  if (!cookie) return null;
  const value = cookie.split(";")[0]!.slice("checkout_typed=".length);
  return readTypedFields({ get: () => ({ value }) }, sessionId);
}

const startPage = (sessionId: string) => expect.stringMatching(new RegExp(`/b/checkout/redirect/start/\\?session_id=${sessionId}$`));

describe("the page fields' rules", () => {
  it("a page that asks for nothing ignores whatever is sent", () => {
    expect(checkPageFields({ captureAddress: false, captureDelivery: false }, { city: "x".repeat(500), latitude: "500" })).toEqual({
      address: null,
      location: null,
      problems: {},
    });
  });

  it("the address: every field but line 2 required, the legacy table's limits, the country an existing alpha-2 code", () => {
    expect(checkPageFields(ADDRESS_ONLY, ADDRESS)).toEqual({ address: STORED_ADDRESS, location: null, problems: {} });
    expect(checkPageFields(ADDRESS_ONLY, {}).problems).toEqual({
      line1: "required",
      city: "required",
      state: "required",
      country: "required",
      postal_code: "required",
    });
    const refused: [TypedPageFields, Record<string, string>][] = [
      [{ line1: "x".repeat(129) }, { line1: "tooLong" }],
      [{ line2: "x".repeat(129) }, { line2: "tooLong" }],
      [{ city: "x".repeat(41) }, { city: "tooLong" }],
      [{ state: "x".repeat(41) }, { state: "tooLong" }],
      [{ city: "Kuwait\u0000City" }, { city: "unstorable" }],
      [{ country: "XX" }, { country: "country" }],
      [{ country: "KWT" }, { country: "country" }],
      [{ country: "Kuwait" }, { country: "country" }],
      [{ postal_code: "KW-13001" }, { postal_code: "postalCode" }],
      [{ postal_code: "1234567890123" }, { postal_code: "postalCode" }],
      [{ postal_code: "12 34" }, { postal_code: "postalCode" }],
    ];
    for (const [change, problems] of refused) expect(checkPageFields(ADDRESS_ONLY, { ...ADDRESS, ...change }).problems, JSON.stringify(change)).toEqual(problems);
    // At the limits; line 2 blank is left out; Arabic-Indic digits are digits.
    const atLimits = { ...ADDRESS, line1: "x".repeat(128), line2: "  ", city: "c".repeat(40), state: "s".repeat(40), postal_code: "١٢٣٤٥٦٧٨٩٠١٢" };
    expect(checkPageFields(ADDRESS_ONLY, atLimits)).toMatchObject({
      address: { line1: "x".repeat(128), city: "c".repeat(40), state: "s".repeat(40), postal_code: "123456789012" },
      problems: {},
    });
    expect(checkPageFields(ADDRESS_ONLY, atLimits).address).not.toHaveProperty("line2");
  });

  it("the delivery location: both coordinates required, latitude within ±90, longitude within ±180", () => {
    expect(checkPageFields(DELIVERY_ONLY, LOCATION)).toEqual({ address: null, location: { latitude: 29.3375, longitude: 48.0758 }, problems: {} });
    expect(checkPageFields(DELIVERY_ONLY, { latitude: "-90", longitude: "180" }).location).toEqual({ latitude: -90, longitude: 180 });
    expect(checkPageFields(DELIVERY_ONLY, { latitude: "٢٩٫٣٣٧٥", longitude: "+48.0758" }).location).toEqual({ latitude: 29.3375, longitude: 48.0758 });
    expect(checkPageFields(DELIVERY_ONLY, {}).problems).toEqual({ latitude: "required", longitude: "required" });
    for (const [typed, problems] of [
      [{ latitude: "90.0001", longitude: "0" }, { latitude: "latitude" }],
      [{ latitude: "0", longitude: "-180.5" }, { longitude: "longitude" }],
      [{ latitude: "north", longitude: "1e2" }, { latitude: "latitude", longitude: "longitude" }],
      [{ latitude: "29,3", longitude: "Infinity" }, { latitude: "latitude", longitude: "longitude" }],
    ] as const) {
      expect(checkPageFields(DELIVERY_ONLY, typed), JSON.stringify(typed)).toMatchObject({ location: null, problems });
    }
  });
});

describe("the pay route with page options", () => {
  it("capture_address without the address: back to the page with what was typed, and nothing changes", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { fields: { billing_address: CREATED_ADDRESS }, legacy: { capture_address: true } });
    const typed = { ...ADDRESS, city: "", postal_code: "KW-22001" };
    const res = await pay(sessionId, typed);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toEqual(startPage(sessionId));
    expect(typedIn(res, sessionId)).toEqual({ ...typed, city: undefined });
    expect(res.headers.getSetCookie()[0]).toMatch(/; Path=\/b\/checkout\/redirect\/; Max-Age=600; HttpOnly; SameSite=Lax$/);

    const txn = await row(sessionId);
    expect(txn).toMatchObject({ state: "created", billing_address: CREATED_ADDRESS });
    expect(txn.legacy).not.toHaveProperty("address_captured_at");
    expect(await attempts(sessionId)).toEqual([]);

    // The page shows it again with each field's problem.
    const page = (await loadPaymentPage({ ctx, input: { sessionId } }))!;
    expect(captureView(page.capture, typedIn(res, sessionId))).toMatchObject({
      values: { line1: ADDRESS.line1, city: "", postal_code: "KW-22001" },
      problems: { city: "required", postal_code: "postalCode" },
    });
  });

  it("every refused field changes nothing", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { legacy: { capture_address: true, capture_delivery: true } });
    for (const change of [{ line1: "x".repeat(129) }, { country: "ZZ" }, { state: "s".repeat(41) }, { latitude: "91" }, { longitude: "" }]) {
      const res = await pay(sessionId, { ...ADDRESS, ...LOCATION, ...change });
      expect(res.headers.get("location"), JSON.stringify(change)).toEqual(startPage(sessionId));
    }
    expect(await row(sessionId)).toMatchObject({ state: "created", billing_address: null });
    expect((await row(sessionId)).legacy).toEqual({ variant: "e_commerce", capture_address: true, capture_delivery: true });
    expect(await attempts(sessionId)).toEqual([]);
  });

  it("capture_address with the address: stored with the time, the other legacy keys kept, and the payment starts", async () => {
    const flags = { email_notification: false, sms_notification: false, email_payment_details: true, sms_payment_details: false };
    const sessionId = await legacyTransaction(ctx, caller, { fields: { billing_address: CREATED_ADDRESS }, legacy: { capture_address: true, flags } });
    const before = Date.now();
    const res = await pay(sessionId, ADDRESS);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/\/sandbox\/pay\/CK[0-9A-F]{16}$/);

    const txn = await row(sessionId);
    expect(txn.state).toBe("pending");
    expect(txn.billing_address).toEqual(STORED_ADDRESS);
    expect(txn.legacy).toMatchObject({ variant: "e_commerce", capture_address: true, capture_delivery: false, flags });
    expect(Date.parse(String(txn.legacy!.address_captured_at))).toBeGreaterThanOrEqual(before - 1000);
    expect(txn.legacy).not.toHaveProperty("delivery_location");
    expect(await attempts(sessionId)).toHaveLength(1);
  });

  it("capture_delivery: the location stored under legacy.delivery_location; no address asked, the stored one kept", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { fields: { billing_address: CREATED_ADDRESS }, legacy: { capture_delivery: true } });
    expect((await pay(sessionId, { latitude: "29.3375" })).headers.get("location")).toEqual(startPage(sessionId));
    const res = await pay(sessionId, { ...LOCATION, city: "ignored" });
    expect(res.headers.get("location")).toMatch(/\/sandbox\/pay\//);
    const txn = await row(sessionId);
    expect(txn.billing_address).toEqual(CREATED_ADDRESS);
    expect(txn.legacy).toMatchObject({ delivery_location: { latitude: 29.3375, longitude: 48.0758 } });
    expect(txn.legacy).not.toHaveProperty("address_captured_at");
  });

  it("both options: both stored in the one statement", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { legacy: { capture_address: true, capture_delivery: true } });
    expect((await pay(sessionId, { ...ADDRESS, ...LOCATION })).status).toBe(303);
    const txn = await row(sessionId);
    expect(txn.billing_address).toEqual(STORED_ADDRESS);
    expect(txn.legacy).toMatchObject({ address_captured_at: expect.any(String), delivery_location: { latitude: 29.3375, longitude: 48.0758 } });
  });

  it("a payment_url link (GET) to a page that asks for fields: the page, with no cookie and nothing changed", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { legacy: { capture_address: true } });
    const res = await fetch(`${base}/b/checkout/redirect/pay/?session_id=${sessionId}&code=card`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toEqual(startPage(sessionId));
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await attempts(sessionId)).toEqual([]);
  });

  it("a checkout transaction, and a legacy one without options: the fields sent are ignored", async () => {
    const checkout = await newTransaction(ctx, caller, { billing_address: CREATED_ADDRESS });
    const plain = await legacyTransaction(ctx, caller);
    for (const sessionId of [checkout, plain]) {
      const res = await pay(sessionId, { ...ADDRESS, ...LOCATION });
      expect(res.headers.get("location")).toMatch(/\/sandbox\/pay\//);
    }
    expect(await row(checkout)).toMatchObject({ billing_address: CREATED_ADDRESS, legacy: null });
    expect(await row(plain)).toMatchObject({ billing_address: null, legacy: { variant: "e_commerce", capture_address: false, capture_delivery: false } });
  });

  it("accepted fields clear the cookie a refused form left", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { legacy: { capture_address: true } });
    const res = await post({ session_id: sessionId, code: "card", ...(ADDRESS as Record<string, string>) }, { cookie: "checkout_typed=abc" });
    expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(/^checkout_typed=; Path=\/b\/checkout\/redirect\/; Max-Age=0;/)]);
  });

  it("the page reads the cookie of its own session only, and nothing unreadable", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { legacy: { capture_address: true } });
    const res = await pay(sessionId, { city: "Salmiya" });
    expect(typedIn(res, "0".repeat(40))).toBeNull();
    for (const value of ["", "not-base64!", Buffer.from('{"s":1}').toString("base64url"), Buffer.from("[]").toString("base64url")]) {
      expect(readTypedFields({ get: () => ({ value }) }, sessionId)).toBeNull();
    }
  });

  it("the page: the fields prefilled with the stored address and location while it can be paid, none once finished", async () => {
    const sessionId = await legacyTransaction(ctx, caller, {
      fields: { billing_address: CREATED_ADDRESS },
      legacy: { capture_address: true, capture_delivery: true, delivery_location: { latitude: 29.1, longitude: 47.9 } },
    });
    const page = (await loadPaymentPage({ ctx, input: { sessionId } }))!;
    expect(captureView(page.capture, null)).toEqual({
      options: { captureAddress: true, captureDelivery: true },
      values: { ...CREATED_ADDRESS, line2: "", latitude: "29.1", longitude: "47.9" },
      problems: {},
    });
    await ctx.db.updateTable("transactions").set({ state: "paid" }).where("session_id", "=", sessionId).execute();
    expect((await loadPaymentPage({ ctx, input: { sessionId } }))!.capture).toBeNull();
    expect((await loadPaymentPage({ ctx, input: { sessionId: await newTransaction(ctx, caller) } }))!.capture).toBeNull();
  });
});

describe("two submits of one page", () => {
  it("at once: one payment goes on, the other is released, and the address kept is the live attempt's, whole", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { legacy: { capture_address: true, capture_delivery: true } });
    const forms = [
      { ...ADDRESS, city: "Salmiya", postal_code: "22001", latitude: "29.3375", longitude: "48.0758" },
      { ...ADDRESS, city: "Jahra", postal_code: "01000", latitude: "29.3375", longitude: "47.6581" },
    ];
    const responses = await Promise.all(forms.map((form) => pay(sessionId, form)));
    const references = responses.map((r) => r.headers.get("location")!.split("/").pop()!);
    const statuses = await Promise.all(references.map(sandboxStatus));
    expect([...statuses].sort()).toEqual(["awaiting_card", "canceled"]);

    const live = forms[statuses.indexOf("awaiting_card")]!;
    const txn = await row(sessionId);
    expect(txn.billing_address).toMatchObject({ city: live.city, postal_code: live.postal_code });
    expect(txn.legacy).toMatchObject({ delivery_location: { latitude: Number(live.latitude), longitude: Number(live.longitude) } });
    expect((await attempts(sessionId)).map((a) => a.state).sort()).toEqual(["pending", "superseded"]);
  });

  it("while the first payment's card is with the bank: the second waits on the result page and overwrites nothing", async () => {
    const sessionId = await legacyTransaction(ctx, caller, { legacy: { capture_address: true } });
    const first = await pay(sessionId, ADDRESS);
    const reference = first.headers.get("location")!.split("/").pop()!;
    await chargeCard({ ctx, input: { reference, cardNumber: CARDS.noAnswer, expiry: "12/39", cvv: "123", name: "Sara Ahmad", saveCard: false } });

    const second = await pay(sessionId, { ...ADDRESS, city: "Jahra" });
    expect(second.headers.get("location")).toMatch(new RegExp(`/b/checkout/redirect/result/\\?session_id=${sessionId}$`));
    expect((await row(sessionId)).billing_address).toMatchObject({ city: "Salmiya" });
    expect(await attempts(sessionId)).toHaveLength(1);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
  });
});
