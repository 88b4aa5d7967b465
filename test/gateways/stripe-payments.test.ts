import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { STRIPE_CREDENTIALS, startStripeForApp } from "../support/stripe-for-app";

// The Stripe adapter end to end: the real SDK against the Stripe stand-in over HTTP, the app's pay, return,
// callback, operation and transaction routes over HTTP, a real database. The stand-in's hosted page is driven
// with plain requests, as a browser would submit it.

const stripe = await startStripeForApp();
const { createGatewaySetting } = await import("@/lib/config/gateway-settings/create-gateway-setting");
const { listGatewaySettings } = await import("@/lib/config/gateway-settings/list-gateway-settings");
const { loadGatewayForm } = await import("@/lib/config/gateway-settings/load-gateway-form");
const { inquirePayment } = await import("@/lib/checkout/payments/inquire-payment");
const { runScript } = await import("../support/run-script");
const { events, stateOf } = await import("../support/payment-flow");
const { hostedPageFlow, loggedAt } = await import("../support/hosted-page-flow");
const { testContext } = await import("../support/test-context");
const { hostedGatewaySetup } = await import("../support/hosted-gateway-setup");

const ctx = testContext();
const app = hostedGatewaySetup(ctx, {
  pg: "stripe",
  credentials: STRIPE_CREDENTIALS,
  wrong: { code: "stripe-wrong-key", credentials: { ...STRIPE_CREDENTIALS, secret_key: "sk_test_notTheKeyStripeKnows" } },
  served: (base) => (stripe.control.webhookUrl = `${base}/b/checkout/gateway/stripe/callback/`),
  defaults: { amount: "10.00", currency: "USD" },
});
const { newTransaction } = app;

const { comeBack, attemptsOf, stateChanges, operate, ...flow } = hostedPageFlow(ctx, app);
const pay = (sessionId: string, code = "stripe") => flow.pay(sessionId, code);

/** A button on Stripe's (stand-in's) page: where the browser goes next, or the page shown again. */
async function choose(pageUrl: string, action: "approve" | "decline") {
  const res = await fetch(pageUrl, { method: "POST", body: new URLSearchParams({ action }), redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

const sessionOf = (pageUrl: string) => stripe.sessions.get(pageUrl.split("/").pop()!)!;

/** Events are kept but not sent while `fn` runs, so that a test delivers them itself. */
async function holdingEvents<T>(fn: () => Promise<T>): Promise<T> {
  const url = stripe.control.webhookUrl;
  stripe.control.webhookUrl = undefined;
  try {
    return await fn();
  } finally {
    stripe.control.webhookUrl = url;
  }
}
/** The newest Checkout Session create: a background retrieve from an earlier test may have come after it. */
const lastSessionCreate = () => [...stripe.requests].reverse().find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST")!;
const lastEvent = (type: string) => [...stripe.events].reverse().find((e) => e.type === type)!;

describe("Stripe payments", () => {
  it("approved: Checkout Session in minor units with the reference, webhook settles, the return shows the result", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    expect(page).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const create = stripe.requests.find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST" && r.body.client_reference_id)!;
    const [attempt] = await attemptsOf(sessionId);
    expect(create.idempotencyKey).toBe(attempt!.reference_number);
    expect(create.body).toMatchObject({
      mode: "payment",
      metadata: { reference_number: attempt!.reference_number },
      payment_intent_data: { capture_method: "automatic", metadata: { reference_number: attempt!.reference_number } },
      line_items: { "0": { quantity: "1", price_data: { currency: "usd", unit_amount: "1000" } } },
    });

    const { location } = await choose(page, "approve");
    await stripe.idle();
    expect(lastEvent("checkout.session.completed").status).toBe(200);
    expect(await stateOf(ctx, sessionId)).toBe("paid");

    const back = await comeBack(location!);
    expect(back.status).toBe(303);
    expect(back.location).toContain(`/b/checkout/redirect/result/?session_id=${sessionId}&reference=${attempt!.reference_number}`);
    // Reloading the return is shown the result again, never a raw 400.
    expect((await comeBack(location!)).status).toBe(303);

    const [settled] = await attemptsOf(sessionId);
    const session = sessionOf(page);
    expect(settled).toMatchObject({ state: "success", card: { brand: "Visa", masked: "•••• 4242" } });
    expect(settled!.gateway_response).toMatchObject({
      checkout_session: session.id,
      payment_intent: session.payment_intent,
      charge: expect.stringMatching(/^ch_test_/),
      payment_intent_status: "succeeded",
    });
    expect(await stateChanges(sessionId)).toEqual(["pending", "paid"]);
  });

  it("declined: the decline keeps Stripe's page payable; leaving it by the back link ends the session and the attempt is declined with Stripe's message", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const declined = await choose(page, "decline");
    expect(declined.status).toBe(200);
    expect(declined.html).toContain("Your card was declined.");
    await stripe.idle();
    // payment_intent.payment_failed is not an event we follow: acknowledged, nothing changes.
    expect(lastEvent("payment_intent.payment_failed").status).toBe(200);
    expect(await stateOf(ctx, sessionId)).toBe("pending");

    const back = await comeBack(String(sessionOf(page).cancel_url));
    expect(back.status).toBe(303);
    await stripe.idle();
    expect(sessionOf(page).status).toBe("expired");
    const [attempt] = await attemptsOf(sessionId);
    expect(attempt).toMatchObject({ state: "declined", message: "Your card was declined." });
    expect(attempt!.gateway_response).toMatchObject({ decline_code: "generic_decline", session_status: "expired" });
    expect(await stateOf(ctx, sessionId)).toBe("attempted");
  });

  it("canceled: the back link ends the session at Stripe; its expired event then changes nothing", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await comeBack(String(sessionOf(page).cancel_url));
    await stripe.idle();
    expect(lastEvent("checkout.session.expired").status).toBe(200);
    expect((await attemptsOf(sessionId))[0]).toMatchObject({ state: "canceled", message: "Canceled by the customer" });
    expect(await stateChanges(sessionId)).toEqual(["pending", "attempted"]);
    // Stripe's page no longer takes a payment.
    expect((await choose(page, "approve")).html).toContain("no longer active");
  });

  it("a cancel return that is not ours (no or a wrong signature) is refused and ends nothing", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const cancel = new URL(String(sessionOf(page).cancel_url));
    cancel.searchParams.set("sig", "0".repeat(64));
    expect((await comeBack(cancel.toString())).status).toBe(400);
    cancel.searchParams.delete("sig");
    expect((await comeBack(cancel.toString())).status).toBe(400);
    expect(sessionOf(page).status).toBe("open");
    expect(await stateOf(ctx, sessionId)).toBe("pending");
  });

  it("a second attempt ends the first one's session at Stripe (superseded): it can no longer be paid", async () => {
    const sessionId = await newTransaction();
    const first = await pay(sessionId);
    await pay(sessionId);
    expect(sessionOf(first).status).toBe("expired");
    expect((await attemptsOf(sessionId)).map((a) => a.state)).toEqual(["superseded", "pending"]);
  });

  it("authorize, then capture in part through the operations API", async () => {
    const sessionId = await newTransaction("stripe-auth");
    const page = await pay(sessionId, "stripe-auth");
    expect(lastSessionCreate().body).toMatchObject({ payment_intent_data: { capture_method: "manual" } });
    await comeBack((await choose(page, "approve")).location!);
    await stripe.idle();
    expect(await stateOf(ctx, sessionId)).toBe("authorized");
    const intent = stripe.intents.get(String(sessionOf(page).payment_intent))!;
    expect(intent.status).toBe("requires_capture");

    const res = await operate({ operation: "capture", session_id: sessionId, amount: "7.50" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: "success", pg_response: { payment_intent: intent.id, status: "succeeded", amount_received: 750 } });
    expect(intent).toMatchObject({ status: "succeeded", amount_received: 750 });
    const captureRequest = stripe.requests.find((r) => r.path.endsWith("/capture"))!;
    expect(captureRequest.idempotencyKey).toMatch(/^OP[0-9A-F]{16}$/);
    expect(await stateOf(ctx, sessionId)).toBe("captured");
  });

  it("authorize, then void", async () => {
    const sessionId = await newTransaction("stripe-auth");
    const page = await pay(sessionId, "stripe-auth");
    await comeBack((await choose(page, "approve")).location!);
    const res = await operate({ operation: "void", session_id: sessionId });
    expect(res.status).toBe(200);
    expect(stripe.intents.get(String(sessionOf(page).payment_intent))!.status).toBe("canceled");
    expect(await stateOf(ctx, sessionId)).toBe("voided");
  });

  it("refunds in part, then the rest; Stripe's refusal of more is a failed operation with its message", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await comeBack((await choose(page, "approve")).location!);
    const partial = await operate({ operation: "refund", session_id: sessionId, amount: "4.25" });
    expect(await partial.json()).toMatchObject({ result: "success", pg_response: { status: "succeeded", amount: 425 } });
    stripe.control.respond = (r) =>
      r.path === "/v1/refunds" ? { status: 400, body: { error: { type: "invalid_request_error", code: "charge_disputed", message: "This charge is disputed." } } } : undefined;
    try {
      const refused = await operate({ operation: "refund", session_id: sessionId, amount: "1.00" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ result: "failed", detail: "This charge is disputed." });
    } finally {
      stripe.control.respond = undefined;
    }
    const rest = await operate({ operation: "refund", session_id: sessionId });
    expect(await rest.json()).toMatchObject({ result: "success", txn: { state: "refunded" }, pg_response: { amount: 575 } });
    const refunds = stripe.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST");
    expect(refunds).toHaveLength(3);
    for (const r of refunds) expect(r.body.metadata).toEqual({ operation_reference: r.idempotencyKey });
  });

  it("a webhook with a bad signature is refused with 400 and changes nothing; the genuine one then settles", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await holdingEvents(() => choose(page, "approve"));
    const event = lastEvent("checkout.session.completed");
    await stripe.deliver(event, "whsec_someoneElsesSecret");
    expect(event.status).toBe(400);
    const callback = (body: string, headers: Record<string, string>) =>
      fetch(`${app.base()}/b/checkout/gateway/stripe/callback/`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    // Stripe's own signature over the original bytes, sent with other bytes.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: STRIPE_CREDENTIALS.webhook_signing_secret });
    expect((await callback(event.payload.replace('"id":"evt_', '"id":"evt_x'), { "stripe-signature": signature })).status).toBe(400);
    expect((await callback(event.payload, {})).status).toBe(400);
    expect((await callback(event.payload, { "stripe-signature": "t=1,v1=00" })).status).toBe(400);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    await stripe.deliver(event);
    expect(event.status).toBe(200);
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });

  it("a replayed webhook is acknowledged (Stripe would resend a 400 for days) and moves nothing twice", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await holdingEvents(() => choose(page, "approve"));
    const event = lastEvent("checkout.session.completed");
    await stripe.deliver(event);
    await stripe.deliver(event);
    expect(event.status).toBe(200);
    expect(await stateChanges(sessionId)).toEqual(["pending", "paid"]);
  });

  it("webhook and return racing: the state moves once", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const { location } = await holdingEvents(() => choose(page, "approve"));
    const event = lastEvent("checkout.session.completed");
    const [, back] = await Promise.all([stripe.deliver(event), comeBack(location!), stripe.deliver(event)]);
    expect(back.status).toBe(303);
    expect(event.status).toBe(200);
    expect(await stateChanges(sessionId)).toEqual(["pending", "paid"]);
    expect((await events(ctx, sessionId)).filter((e) => e.kind === "duplicate_payment")).toEqual([]);
  });

  it("events about none of our payments get a 2xx and change nothing", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await holdingEvents(() => choose(page, "approve"));
    const completed = lastEvent("checkout.session.completed");
    const otherType = { ...completed, id: "evt_other", type: "customer.created", payload: completed.payload.replace("checkout.session.completed", "customer.created") };
    const otherPayment = { ...completed, id: "evt_theirs", payload: completed.payload.replaceAll(/CK[0-9A-F]{16}/g, "CKNOTOURS0000000000") };
    for (const event of [otherType, otherPayment]) {
      await stripe.deliver(event);
      expect(event.status).toBe(200);
    }
    expect(await stateOf(ctx, sessionId)).toBe("pending");
  });

  it("inquiry settles a payment whose webhook and return never came", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await holdingEvents(() => choose(page, "approve"));
    const [attempt] = await attemptsOf(sessionId);
    expect(await inquirePayment({ ctx, input: { referenceNumber: attempt!.reference_number } })).toMatchObject({ state: "success", changed: true });
    expect(await stateOf(ctx, sessionId)).toBe("paid");
  });

  it("an open session is pending on inquiry (the customer may still pay)", async () => {
    const sessionId = await newTransaction();
    await pay(sessionId);
    const [attempt] = await attemptsOf(sessionId);
    expect(await inquirePayment({ ctx, input: { referenceNumber: attempt!.reference_number } })).toMatchObject({ state: "pending", changed: false });
  });
});

describe("Stripe unavailable", () => {
  const loggedErrors = (fn: () => Promise<void>) => loggedAt("error", fn);

  it("a key Stripe refuses (401): the customer is back on the payment page with the notice; the log says why, without the key", async () => {
    const sessionId = await newTransaction("stripe-wrong-key");
    let location = "";
    const log = await loggedErrors(async () => {
      location = await pay(sessionId, "stripe-wrong-key");
    });
    expect(location).toContain(`/b/checkout/redirect/start/?session_id=${sessionId}&unavailable=1`);
    expect(log).toContain("refused the secret key (401)");
    expect(log).not.toContain("notTheKeyStripeKnows");
    expect(await attemptsOf(sessionId)).toEqual([]);
    expect(await stateOf(ctx, sessionId)).toBe("created");
  });

  it("Stripe unreachable: the same notice, no attempt; an operation stays pending", async () => {
    const sessionId = await newTransaction();
    stripe.control.respond = () => "drop";
    try {
      const log = await loggedErrors(async () => {
        expect(await pay(sessionId)).toContain("&unavailable=1");
      });
      expect(log).toContain("could not be reached");
    } finally {
      stripe.control.respond = undefined;
    }
    expect(await attemptsOf(sessionId)).toEqual([]);

    const page = await pay(sessionId);
    await comeBack((await choose(page, "approve")).location!);
    stripe.control.respond = () => "drop";
    try {
      const res = await operate({ operation: "refund", session_id: sessionId, amount: "1" });
      expect(res.status).toBe(202);
    } finally {
      stripe.control.respond = undefined;
    }
  });

  it("an amount Stripe cannot take exactly (KWD in fils not multiple of ten) is a notice, never rounded", async () => {
    const sessionId = await newTransaction("stripe", "1.235", "KWD");
    expect(await pay(sessionId)).toContain("&unavailable=1");
    const fine = await newTransaction("stripe", "1.230", "KWD");
    await pay(fine);
    expect(lastSessionCreate().body).toMatchObject({ line_items: { "0": { price_data: { currency: "kwd", unit_amount: "1230" } } } });
  });
});

describe("Stripe credentials", () => {
  it("never appear in an API answer or the panel's data", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await comeBack((await choose(page, "approve")).location!);
    const res = await fetch(`${app.base()}/b/checkout/v1/pymt-txn/${sessionId}`, { headers: { authorization: `Api-Key ${app.apiKey()}` } });
    const text = await res.text();
    expect(res.status).toBe(200);
    // Nor in what the panel's gateway list and form show.
    const panel = JSON.stringify([await listGatewaySettings({ ctx }), await loadGatewayForm({ ctx, input: { code: "stripe" } })]);
    expect(panel).toContain('"secret_key":"4242"');
    for (const secret of Object.values(STRIPE_CREDENTIALS)) {
      expect(text).not.toContain(secret);
      expect(panel).not.toContain(secret);
    }
    const stored = await ctx.db.selectFrom("gateway_settings").select(["credentials", "credentials_hint"]).where("code", "=", "stripe").executeTakeFirstOrThrow();
    expect(stored.credentials!.toString("latin1")).not.toContain("sk_test_");
    expect(stored.credentials_hint).toEqual({ secret_key: "4242", webhook_signing_secret: "4242" });
  });

  it("are checked by form when saved: key kinds, the setting's mode, the webhook secret's prefix", async () => {
    const save = (code: string, isSandbox: boolean, credentials: Record<string, string>) =>
      createGatewaySetting({ ctx, input: { code, pg: "stripe", currencies: ["USD"], isSandbox, credentials } }).then(
        () => null,
        (error: { fields?: unknown }) => error.fields,
      );
    expect(await save("s1", true, { secret_key: "pk_test_publishable", webhook_signing_secret: "whsec_abc" })).toEqual({
      credentials: { secret_key: [expect.stringContaining("publishable key (pk_…) is not enough")] },
    });
    expect(await save("s2", true, { secret_key: "sk_live_abc", webhook_signing_secret: "abc" })).toEqual({
      credentials: { secret_key: [expect.stringContaining("sandbox mode")], webhook_signing_secret: [expect.stringContaining("whsec_")] },
    });
    expect(await save("s3", false, { secret_key: "sk_test_abc", webhook_signing_secret: "whsec_abc" })).toEqual({
      credentials: { secret_key: [expect.stringContaining("production mode")] },
    });
    expect(await save("s4", false, { secret_key: "rk_live_abc" })).toEqual({
      credentials: { webhook_signing_secret: ["Enter the webhook signing secret."] },
    });
    expect(await save("s5", false, { secret_key: "rk_live_abc", webhook_signing_secret: "whsec_abc" })).toBeNull();
  });

  it("the CLI shows the same messages under the field, and never prints a key", async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), "stripe-cli-")), "creds.json");
    const create = (code: string, mode: string) =>
      runScript("server/admin.ts", ["create-gateway", "--code", code, "--pg", "stripe", "--currencies", "USD", "--mode", mode, "--credentials-file", file]);
    await writeFile(file, JSON.stringify({ secret_key: "sk_live_cliKey123456", webhook_signing_secret: "whsec_cliSecret123456" }));
    const refused = await create("stripe-cli", "sandbox");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("This setting is in sandbox mode");
    const saved = await create("stripe-cli", "production");
    expect(saved).toMatchObject({ code: 0, stdout: "Gateway setting stripe-cli (stripe, purchase, USD).\n" });
    expect(refused.stdout + refused.stderr + saved.stderr).not.toMatch(/cliKey123456|cliSecret123456/);
  });
});
