import { beforeAll, describe, expect, it } from "vitest";
import * as cancelRoute from "@/app/(site)/sandbox/api/cancel/route";
import * as challengeRoute from "@/app/(site)/sandbox/api/challenge/route";
import * as removeCardRoute from "@/app/(site)/sandbox/api/remove-card/route";
import * as payRoute from "@/app/b/checkout/redirect/pay/route";
import type { Caller } from "@/lib/access/auth/permissions";
import { env } from "@/lib/core/env";
import { startPayment } from "@/lib/checkout/payments/start-payment";
import { serveRoutes } from "../support/http-server";
import { CARDS, deliverReturn, newTransaction, payWith, setUpPayments, stateOf } from "../support/payment-flow";
import { testContext } from "../support/test-context";

// The customer pages' form routes with bad input: a 4xx or a redirect to a page that says what happened,
// never a 5xx, and nothing changes.

const ctx = testContext();
let caller: Caller;
let base: string;
beforeAll(async () => {
  caller = await setUpPayments(ctx);
  base = await serveRoutes([
    { path: "/b/checkout/redirect/pay", module: payRoute },
    { path: "/sandbox/api/cancel", module: cancelRoute },
    { path: "/sandbox/api/challenge", module: challengeRoute },
    { path: "/sandbox/api/remove-card", module: removeCardRoute },
  ]);
});

/** A form post; `origin` as a browser on this site's pages sends it (none: a server's request). */
const post = (path: string, fields: Record<string, string>, origin: string | null = env.APP_URL) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(origin === null ? {} : { origin }) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

async function attemptOf(sessionId: string) {
  const started = await startPayment({ ctx, input: { sessionId, code: "card" } });
  if (started.kind !== "redirect") throw new Error(started.kind);
  return started.referenceNumber;
}

const savedCardsOf = (customerId: string) =>
  ctx.db.selectFrom("saved_cards").select("id").where("customer_id", "=", customerId).where("deleted_at", "is", null).execute();

/** A customer with one saved card (paid for with it), and a new payment of theirs waiting on the card page. */
async function customerWithSavedCard(customerId: string) {
  const first = await newTransaction(ctx, caller, { customer_id: customerId });
  await deliverReturn(ctx, (await payWith(ctx, first, CARDS.approve, { saveCard: true })).next);
  const [card] = await savedCardsOf(customerId);
  const reference = await attemptOf(await newTransaction(ctx, caller, { customer_id: customerId }));
  return { cardId: card!.id, reference };
}

const sandboxStatus = async (reference: string) =>
  (await ctx.db.selectFrom("sandbox_payments").select("status").where("reference_number", "=", reference).executeTakeFirstOrThrow()).status;

describe("the customer pages' form routes", () => {
  it("pay: an unknown session or method is a 404, and nothing starts", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const bad: Record<string, string>[] = [{ session_id: "0".repeat(40), code: "card" }, { session_id: "x'; DROP", code: "card" }, { session_id: sessionId, code: "nope" }, {}];
    for (const fields of bad) {
      const res = await post("/b/checkout/redirect/pay/", fields);
      expect(res.status, JSON.stringify(fields)).toBe(404);
    }
    expect(await stateOf(ctx, sessionId)).toBe("created");
  });

  it("pay posted twice: one attempt waits for the card, the other is released", async () => {
    const sessionId = await newTransaction(ctx, caller);
    const [a, b] = await Promise.all([1, 2].map(() => post("/b/checkout/redirect/pay/", { session_id: sessionId, code: "card" })));
    expect([a!.status, b!.status]).toEqual([303, 303]);
    const references = [a!, b!].map((r) => r.headers.get("location")!.split("/").pop()!);
    expect((await Promise.all(references.map(sandboxStatus))).sort()).toEqual(["awaiting_card", "canceled"]);
  });

  it("cancel, 3-D Secure and remove-card with an unknown or malformed reference: 404", async () => {
    for (const [path, fields] of [
      ["/sandbox/api/cancel", { reference: "CK0000000000000000" }],
      ["/sandbox/api/cancel", {}],
      ["/sandbox/api/challenge", { reference: "CK0000000000000000", decision: "approve" }],
      ["/sandbox/api/remove-card", { reference: "CK0000000000000000", card_id: "1" }],
    ] as const) {
      expect((await post(path, fields)).status, `${path} ${JSON.stringify(fields)}`).toBe(404);
    }
  });

  it("remove-card: only from this site's own card page (a request without Origin or from another site is a 403)", async () => {
    const { cardId, reference } = await customerWithSavedCard("cust-origin");
    for (const origin of [null, "https://evil.example", "null", `${env.APP_URL}.evil.example`]) {
      const res = await post("/sandbox/api/remove-card", { reference, card_id: cardId }, origin);
      expect(res.status, String(origin)).toBe(403);
      expect(await res.json()).toEqual({ detail: expect.stringMatching(/^Cross-origin request refused/) });
    }
    expect(await savedCardsOf("cust-origin")).toHaveLength(1);

    const res = await post("/sandbox/api/remove-card", { reference, card_id: cardId });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${env.APP_URL}/sandbox/pay/${reference}?removed=1`);
    expect(await savedCardsOf("cust-origin")).toHaveLength(0);
  });

  it("remove-card: only while the page's payment waits for the card; otherwise back to the page, the card kept", async () => {
    const { cardId, reference } = await customerWithSavedCard("cust-late");
    expect((await post("/sandbox/api/cancel", { reference })).status).toBe(303);
    expect(await sandboxStatus(reference)).toBe("canceled");
    const res = await post("/sandbox/api/remove-card", { reference, card_id: cardId });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${env.APP_URL}/sandbox/pay/${reference}`);
    expect(await savedCardsOf("cust-late")).toHaveLength(1);
  });

  it("the 3-D Secure answer for a payment that is not in a challenge changes nothing: back to the shop", async () => {
    const reference = await attemptOf(await newTransaction(ctx, caller));
    const res = await post("/sandbox/api/challenge", { reference, decision: "approve" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("/b/checkout/gateway/sandbox/return/");
    expect(await sandboxStatus(reference)).toBe("awaiting_card");
  });

  it("cancel only by POST; a second cancel changes nothing", async () => {
    const reference = await attemptOf(await newTransaction(ctx, caller));
    expect((await fetch(`${base}/sandbox/api/cancel?reference=${reference}`, { redirect: "manual" })).status).toBe(405);
    expect(await sandboxStatus(reference)).toBe("awaiting_card");
    for (let i = 0; i < 2; i++) expect((await post("/sandbox/api/cancel", { reference })).status).toBe(303);
    expect(await sandboxStatus(reference)).toBe("canceled");
  });
});
