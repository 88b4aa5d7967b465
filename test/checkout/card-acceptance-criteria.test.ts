import { renderToStaticMarkup } from "react-dom/server";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import SandboxCardPage from "@/app/(site)/sandbox/pay/[reference]/page";
import { chargeCardAction } from "@/app/(site)/sandbox/pay/[reference]/actions";
import { EMPTY_CHARGE_FORM } from "@/components/sandbox/charge-form-state";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { chargeCard } from "@/lib/gateways/sandbox/charge-card";
import { loadCardPage } from "@/lib/gateways/sandbox/load-card-page";
import { startCheckoutApi } from "../support/checkout-setup";
import { closeAppContextAfterAll } from "../support/inngest-run";
import { minimal } from "../support/checkout-samples";
import { CARDS, deliverReturn, monthlyAgreement, stateOf } from "../support/payment-flow";
import { cardForm as form, redirectOf, sandboxStatus as sandboxStatusOf } from "../support/sandbox-card-form";

// card_acceptance_criteria.min_expiry_time (issue 29): a card that is no longer valid that many days after the
// payment is refused, with a message saying until when it must be valid, on the sandbox's card page (a new card
// or a saved one) and when an auto-debit would charge a saved card. Nothing is charged; the page stays open.
// Transactions are created over the API.

// The page and its action read through the app's own database context.
closeAppContextAfterAll();
let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});

/** A transaction created over the API with these fields; its session id. */
async function newTransaction(fields: Record<string, unknown>) {
  const res = await api.create(minimal(fields));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session_id as string;
}

const DAYS = 400;
const pad = (n: number) => String(n).padStart(2, "0");
// A card is valid to the end of its month: the month DAYS days from now is the earliest accepted, the one before is too soon.
const earliest = new Date(Date.now() + DAYS * 86_400_000);
const monthShift = (months: number) => new Date(Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth() + months, 1));
const mmYy = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCFullYear() % 100)}`;
const validUntil = `${pad(earliest.getUTCMonth() + 1)}/${earliest.getUTCFullYear()}`;
const tooSoon = mmYy(monthShift(-1));
const longEnough = mmYy(earliest);
const criteria = { card_acceptance_criteria: { min_expiry_time: DAYS } };

/** A transaction with these fields, its payment started on the sandbox: the card page's reference. */
async function cardPage(fields: Record<string, unknown> = criteria) {
  const sessionId = await newTransaction(fields);
  const started = await startPayment({ ctx: api.ctx, input: { sessionId, code: "card" } });
  if (started.kind !== "redirect") throw new Error(started.kind);
  return { sessionId, reference: started.referenceNumber };
}

const sandboxStatus = (reference: string) => sandboxStatusOf(api.ctx, reference);

const renderPage = async (reference: string) =>
  renderToStaticMarkup(await SandboxCardPage({ params: Promise.resolve({ reference }), searchParams: Promise.resolve({}) }));

/** A card saved for `customer` on an earlier payment, expiring `expiry` (MM/YY). */
async function savedCard(customer: string, expiry: string) {
  const { reference, sessionId } = await cardPage({ customer_id: customer, payment_type: "save_card" });
  const { url } = await chargeCard({ ctx: api.ctx, input: { reference, cardNumber: CARDS.approve, expiry, cvv: "123", name: "Sara", saveCard: true } });
  await deliverReturn(api.ctx, url);
  expect(await stateOf(api.ctx, sessionId)).toBe("paid");
  return api.ctx.db.selectFrom("saved_cards").selectAll().where("customer_id", "=", customer).orderBy("id", "desc").executeTakeFirstOrThrow();
}

describe("the sandbox card page", () => {
  it("says until when a card must be valid", async () => {
    const { reference } = await cardPage();
    expect((await loadCardPage({ ctx: api.ctx, input: { reference } }))!.validUntilAtLeast).toBe(validUntil);
    expect(await renderPage(reference)).toContain(`This merchant accepts only cards valid until at least ${validUntil}.`);
  });

  it("refuses a new card that expires too soon, with the message under the expiry; nothing charged, the page stays open", async () => {
    const { reference, sessionId } = await cardPage();
    const state = await chargeCardAction(EMPTY_CHARGE_FORM, form({ reference, card_number: CARDS.approve, expiry: tooSoon, cvv: "123", name: "Sara" }));
    expect(state).toEqual({ errors: ["expiryTooSoon"], values: { name: "Sara", expiry: tooSoon, saveCard: false } });
    expect(await sandboxStatus(reference)).toBe("awaiting_card");
    expect(await stateOf(api.ctx, sessionId)).not.toBe("paid");

    // The same form, with a card valid long enough: charged.
    const to = await redirectOf(chargeCardAction(EMPTY_CHARGE_FORM, form({ reference, card_number: CARDS.approve, expiry: longEnough, cvv: "123", name: "Sara" })));
    expect(new URL(to).searchParams.get("ref")).toBe(reference);
    expect(await sandboxStatus(reference)).toBe("approved");
  });

  it("without criteria (or with 0 days) takes any card that has not expired, and says nothing", async () => {
    for (const fields of [{}, { card_acceptance_criteria: { min_expiry_time: 0 } }]) {
      const { reference } = await cardPage(fields);
      expect((await loadCardPage({ ctx: api.ctx, input: { reference } }))!.validUntilAtLeast).toBeNull();
      expect(await renderPage(reference)).not.toContain("accepts only cards valid until");
      await redirectOf(chargeCardAction(EMPTY_CHARGE_FORM, form({ reference, card_number: CARDS.approve, expiry: tooSoon, cvv: "123", name: "Sara" })));
      expect(await sandboxStatus(reference)).toBe("approved");
    }
  });

  it("marks a saved card that expires too soon, and refuses it if sent anyway", async () => {
    const soon = await savedCard("cust-soon", tooSoon);
    const later = await savedCard("cust-soon", longEnough);
    const { reference } = await cardPage({ ...criteria, customer_id: "cust-soon" });
    const page = (await loadCardPage({ ctx: api.ctx, input: { reference } }))!;
    expect(page.savedCards.map((c) => [c.id, c.tooSoon])).toEqual([
      [later.id, false],
      [soon.id, true],
    ]);
    const html = await renderPage(reference);
    const radio = (id: string) => new RegExp(`<input id="saved-card-${id}"[^>]*>`).exec(html)![0];
    expect(radio(soon.id)).toContain('disabled=""');
    expect(radio(later.id)).not.toContain("disabled");
    expect(radio(later.id)).toContain('checked=""');
    expect(html).toContain("expires too soon for this payment");

    const state = await chargeCardAction(EMPTY_CHARGE_FORM, form({ reference, saved_card_id: soon.id, cvv: "123" }));
    expect(state.errors).toEqual(["expiryTooSoon"]);
    expect(await sandboxStatus(reference)).toBe("awaiting_card");
    await redirectOf(chargeCardAction(EMPTY_CHARGE_FORM, form({ reference, saved_card_id: later.id, cvv: "123" })));
    expect(await sandboxStatus(reference)).toBe("approved");
  });

  it("when every saved card expires too soon, only the new card form is offered", async () => {
    await savedCard("cust-all-soon", tooSoon);
    const { reference } = await cardPage({ ...criteria, customer_id: "cust-all-soon" });
    const html = await renderPage(reference);
    expect(html).not.toContain("Your saved cards");
    expect(html).toContain("Pay with a new card");
  });
});

describe("auto-debit of a saved card", () => {
  /** The agreement's first payment on the hosted page saves a card expiring `expiry`; a cycle later, a new transaction. */
  async function agreementCard(customer: string, expiry: string, fields: Record<string, unknown>) {
    const agreement = monthlyAgreement(`sub-${customer}`);
    const first = await newTransaction({ payment_type: "auto_debit", customer_id: customer, agreement });
    const started = await startPayment({ ctx: api.ctx, input: { sessionId: first, code: "card" } });
    if (started.kind !== "redirect") throw new Error(started.kind);
    const { url } = await chargeCard({ ctx: api.ctx, input: { reference: started.referenceNumber, cardNumber: CARDS.approve, expiry, cvv: "123", name: "Sara", saveCard: false } });
    await deliverReturn(api.ctx, url);
    await api.ctx.db
      .updateTable("card_agreements")
      .set({ last_charge_at: sql<Date>`last_charge_at - interval '30 days'` })
      .where("customer_id", "=", customer)
      .execute();
    const token = (await api.ctx.db.selectFrom("saved_cards").select("token").where("customer_id", "=", customer).executeTakeFirstOrThrow()).token;
    const next = await newTransaction({ payment_type: "auto_debit", customer_id: customer, agreement, ...fields });
    return { token, next };
  }

  const charge = (body: unknown) => api.send("POST", "/b/pbl/v2/auto-debit/", body);

  it("refuses a card that expires too soon with a 400 on token naming the limit; nothing is charged", async () => {
    const { token, next } = await agreementCard("cust-ad-soon", tooSoon, criteria);
    const res = await charge({ session_id: next, token });
    expect(res.status).toBe(400);
    const expiry = `${tooSoon.slice(0, 3)}20${tooSoon.slice(3)}`;
    expect(res.body).toEqual({
      token: [
        `This card expires at the end of ${expiry}: card_acceptance_criteria.min_expiry_time asks for a card valid ${DAYS} more days, until at least ${validUntil}.`,
      ],
    });
    expect(await stateOf(api.ctx, next)).toBe("created");
    expect(await api.ctx.db.selectFrom("payment_attempts").select("id").where("session_id", "=", next).execute()).toEqual([]);
  });

  it("charges the same card when the transaction asks for fewer days", async () => {
    const { token, next } = await agreementCard("cust-ad-ok", tooSoon, { card_acceptance_criteria: { min_expiry_time: 1 } });
    const res = await charge({ session_id: next, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ result: "success", state: "paid" });
  });
});
