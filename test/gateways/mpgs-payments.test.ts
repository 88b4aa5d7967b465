import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MPGS_CREDENTIALS, startMpgsForApp } from "../support/mpgs-for-app";
import type { HostedChoice, SentNotification } from "../support/mpgs-stand-in";

// The MPGS adapter end to end: the stand-in over HTTP (REST API, checkout.js, hosted page, webhook notifications),
// the app's pay, page, return, callback, operation and transaction routes over HTTP, a real database. The hosted
// page is driven with plain requests, as a browser would submit it.

const mpgs = await startMpgsForApp();
const { createGatewaySetting } = await import("@/lib/config/gateway-settings/create-gateway-setting");
const { listGatewaySettings } = await import("@/lib/config/gateway-settings/list-gateway-settings");
const { loadGatewayForm } = await import("@/lib/config/gateway-settings/load-gateway-form");
const { inquirePayment } = await import("@/lib/checkout/payments/inquire-payment");
const { findGatewaySettingByCode } = await import("@/db/queries/gateway-settings");
const { mpgsAdapter } = await import("@/lib/gateways/mpgs/mpgs-adapter");
const { runScript } = await import("../support/run-script");
const { events, stateOf } = await import("../support/payment-flow");
const { hostedPageFlow, loggedAt: logged } = await import("../support/hosted-page-flow");
const { testContext } = await import("../support/test-context");
const { hostedGatewaySetup } = await import("../support/hosted-gateway-setup");

const ctx = testContext();
const app = hostedGatewaySetup(ctx, {
  pg: "mpgs",
  credentials: MPGS_CREDENTIALS,
  wrong: { code: "mpgs-wrong-password", credentials: { ...MPGS_CREDENTIALS, api_password: "notThePasswordMpgsKnows" } },
  served: (base) => (mpgs.control.notificationUrl = `${base}/b/checkout/gateway/mpgs/callback/`),
  defaults: { amount: "10", currency: "KWD" },
});
const { newTransaction } = app;

const { local, comeBack, attemptsOf, stateChanges, operate, ...flow } = hostedPageFlow(ctx, app);

/** The customer presses "pay": our page leg opens MPGS's page with checkout.js; returns the hosted page's address. */
async function pay(sessionId: string, code = "mpgs"): Promise<string> {
  const location = await flow.pay(sessionId, code);
  if (!location.includes("/b/checkout/gateway/mpgs/page/")) return location;
  const page = await fetch(local(location));
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(page.headers.get("content-security-policy")).toContain(`script-src 'nonce-`);
  expect(html).toContain(`src="${mpgs.url}/static/checkout/checkout.min.js"`);
  const session = /data-session="([^"]+)"/.exec(html)![1]!;
  expect(html).toContain(`Checkout.configure({ session: { id: "${session}" } }); Checkout.showPaymentPage();`);
  return `${mpgs.url}/checkout/pay/${session}`;
}

/** A button on MPGS's (stand-in's) hosted page: where the browser goes next, or the page shown again. */
async function choose(pageUrl: string, action: HostedChoice) {
  const res = await fetch(pageUrl, { method: "POST", body: new URLSearchParams({ action }), redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

const sessionOf = (pageUrl: string) => mpgs.sessions.get(pageUrl.split("/").pop()!)!;
const lastNotification = () => mpgs.notifications.at(-1)!;

/** Notifications are kept but not sent while `fn` runs, so that a test delivers them itself. */
async function holdingNotifications<T>(fn: () => Promise<T>): Promise<T> {
  mpgs.control.hold = true;
  try {
    return await fn();
  } finally {
    mpgs.control.hold = false;
  }
}

describe("MPGS payments", () => {
  it("approved: INITIATE_CHECKOUT with our reference and the exact amount, the notification settles, the return shows the result", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const [attempt] = await attemptsOf(sessionId);
    const reference = attempt!.reference_number;
    const initiate = mpgs.requests.find((r) => r.method === "PUT" && r.path.endsWith("/session") && (r.body.order as { id?: string }).id === reference)!;
    expect(initiate.path).toBe(`/api/rest/version/100/merchant/${MPGS_CREDENTIALS.merchant_id}/session`);
    expect(initiate.authorization).toBe(`Basic ${Buffer.from(`merchant.${MPGS_CREDENTIALS.merchant_id}:${MPGS_CREDENTIALS.api_password}`).toString("base64")}`);
    expect(initiate.body).toMatchObject({
      apiOperation: "INITIATE_CHECKOUT",
      interaction: { operation: "PURCHASE", returnUrl: expect.stringContaining(`/b/checkout/gateway/mpgs/return/?ref=${reference}&sig=`), cancelUrl: expect.stringContaining("&cancel=1&sig=") },
      order: { id: reference, amount: "10.000", currency: "KWD" },
    });
    // The success indicator is kept hashed: no answer or log can show it.
    expect(JSON.stringify(attempt!.gateway_response)).not.toContain(sessionOf(page).successIndicator);

    const { location } = await choose(page, "approve");
    expect(location).toContain(`resultIndicator=${sessionOf(page).successIndicator}`);
    await mpgs.idle();
    expect(lastNotification().status).toBe(200);
    expect(await stateOf(ctx, sessionId)).toBe("paid");

    const back = await comeBack(location!);
    expect(back.status).toBe(303);
    expect(back.location).toContain(`/b/checkout/redirect/result/?session_id=${sessionId}&reference=${reference}`);
    // Reloading the return is shown the result again, and moves nothing.
    expect((await comeBack(location!)).status).toBe(303);
    const [settled] = await attemptsOf(sessionId);
    expect(settled).toMatchObject({ state: "success", card: { brand: "Mastercard", masked: "•••• 0008", expiry: "01/39" } });
    expect(settled!.gateway_response).toMatchObject({ order_id: reference, order_status: "CAPTURED", gateway_code: "APPROVED", transaction_id: "1" });
    expect(await stateChanges(sessionId)).toEqual(["pending", "paid"]);
  });

  it("declined: MPGS's page stays payable, so the notification settles nothing; leaving by its cancel link ends the attempt declined with the reason", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const declined = await choose(page, "decline");
    expect(declined.status).toBe(200);
    expect(declined.html).toContain("not approved");
    await mpgs.idle();
    expect(lastNotification().status).toBe(200);
    expect((await attemptsOf(sessionId))[0]).toMatchObject({ state: "pending", message: null });
    expect((await comeBack(sessionOf(page).cancelUrl!)).status).toBe(303);
    const [attempt] = await attemptsOf(sessionId);
    expect(attempt).toMatchObject({ state: "declined", message: "Declined by the card issuer", card: { brand: "Mastercard", expiry: "05/39" } });
    expect(attempt!.gateway_response).toMatchObject({ order_status: "FAILED", gateway_code: "DECLINED" });
    expect(await stateOf(ctx, sessionId)).toBe("attempted");
  });

  it("declined, then another card approved on the same page: paid once", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await choose(page, "decline");
    await comeBack((await choose(page, "approve")).location!);
    await mpgs.idle();
    expect((await attemptsOf(sessionId))[0]).toMatchObject({ state: "success" });
    expect(await stateChanges(sessionId)).toEqual(["pending", "paid"]);
  });

  it("3-D Secure failure: declined with that reason once the customer leaves", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await choose(page, "3ds-fail");
    await mpgs.idle();
    await comeBack(sessionOf(page).cancelUrl!);
    const [attempt] = await attemptsOf(sessionId);
    expect(attempt).toMatchObject({ state: "declined", message: "3-D Secure authentication failed" });
    expect(attempt!.gateway_response).toMatchObject({ order_status: "AUTHENTICATION_UNSUCCESSFUL" });
  });

  it("timeout at the issuer (MPGS's TIMED_OUT test card): an inquiry settles it declined with that reason", async () => {
    const sessionId = await newTransaction();
    await choose(await pay(sessionId), "timeout");
    await mpgs.idle();
    const [attempt] = await attemptsOf(sessionId);
    expect(await inquirePayment({ ctx, input: { referenceNumber: attempt!.reference_number } })).toMatchObject({ state: "declined", changed: true });
    expect((await attemptsOf(sessionId))[0]).toMatchObject({ message: "The card issuer did not answer in time", gateway_response: expect.objectContaining({ gateway_code: "TIMED_OUT" }) });
  });

  it("canceled on the hosted page: the signed cancel address ends the attempt; a forged cancel ends nothing", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const cancel = new URL(sessionOf(page).cancelUrl!);
    const forged = new URL(cancel);
    forged.searchParams.set("sig", "0".repeat(64));
    expect((await comeBack(forged.toString())).status).toBe(400);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    expect((await comeBack(cancel.toString())).status).toBe(303);
    expect((await attemptsOf(sessionId))[0]).toMatchObject({ state: "canceled", message: "Canceled by the customer" });
    expect(await stateChanges(sessionId)).toEqual(["pending", "attempted"]);
  });

  it("inquiry settles a payment whose notification and return never came; an unpaid one stays pending", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const [attempt] = await attemptsOf(sessionId);
    expect(await inquirePayment({ ctx, input: { referenceNumber: attempt!.reference_number } })).toMatchObject({ state: "pending", changed: false });
    await holdingNotifications(() => choose(page, "approve"));
    expect(await inquirePayment({ ctx, input: { referenceNumber: attempt!.reference_number } })).toMatchObject({ state: "success", changed: true });
  });

  it("notification and return racing: the state moves once", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const { location } = await holdingNotifications(() => choose(page, "approve"));
    const notification = lastNotification();
    const [, back] = await Promise.all([mpgs.deliver(notification), comeBack(location!), mpgs.deliver(notification)]);
    expect(back.status).toBe(303);
    expect(notification.status).toBe(200);
    expect(await stateChanges(sessionId)).toEqual(["pending", "paid"]);
    expect((await events(ctx, sessionId)).filter((e) => e.kind === "duplicate_payment")).toEqual([]);
  });
});

describe("MPGS operations", () => {
  it("authorize, then capture in part, with our operation reference as MPGS's transaction id", async () => {
    const sessionId = await newTransaction("mpgs-auth");
    const page = await pay(sessionId, "mpgs-auth");
    expect(mpgs.requests.findLast((r) => r.path.endsWith("/session"))!.body).toMatchObject({ interaction: { operation: "AUTHORIZE" } });
    await comeBack((await choose(page, "approve")).location!);
    await mpgs.idle();
    expect(await stateOf(ctx, sessionId)).toBe("authorized");

    const res = await operate({ operation: "capture", session_id: sessionId, amount: "7.5" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: "success", pg_response: { type: "CAPTURE", result: "SUCCESS", amount: 7.5, order_status: "PARTIALLY_CAPTURED" } });
    const capture = mpgs.requests.findLast((r) => r.method === "PUT" && r.path.includes("/transaction/"))!;
    expect(capture.path).toMatch(/\/order\/CK[0-9A-F]{16}\/transaction\/OP[0-9A-F]{16}$/);
    expect(capture.body).toEqual({ apiOperation: "CAPTURE", transaction: { amount: "7.500", currency: "KWD" } });
    expect(await stateOf(ctx, sessionId)).toBe("captured");
  });

  it("authorize, then void the authorization", async () => {
    const sessionId = await newTransaction("mpgs-auth");
    const page = await pay(sessionId, "mpgs-auth");
    await comeBack((await choose(page, "approve")).location!);
    const res = await operate({ operation: "void", session_id: sessionId });
    expect(res.status).toBe(200);
    expect(mpgs.requests.findLast((r) => r.method === "PUT")!.body).toEqual({ apiOperation: "VOID", transaction: { targetTransactionId: "1" } });
    expect(mpgs.orders.get((await attemptsOf(sessionId))[0]!.reference_number)!.status).toBe("CANCELLED");
    expect(await stateOf(ctx, sessionId)).toBe("voided");
  });

  it("refunds in part, then the rest; MPGS's refusal of more is a failed operation with its explanation", async () => {
    const sessionId = await newTransaction("mpgs", "10.00", "USD");
    const page = await pay(sessionId);
    await comeBack((await choose(page, "approve")).location!);
    const partial = await operate({ operation: "refund", session_id: sessionId, amount: "4.25" });
    expect(await partial.json()).toMatchObject({ result: "success", pg_response: { type: "REFUND", amount: 4.25, order_status: "PARTIALLY_REFUNDED" } });
    mpgs.control.respond = (r) =>
      r.method === "PUT" ? { status: 400, body: { result: "ERROR", error: { cause: "INVALID_REQUEST", explanation: "Refund not allowed for this order." } } } : undefined;
    try {
      const refused = await operate({ operation: "refund", session_id: sessionId, amount: "1.00" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ result: "failed", detail: "Refund not allowed for this order." });
    } finally {
      mpgs.control.respond = undefined;
    }
    const rest = await operate({ operation: "refund", session_id: sessionId });
    expect(await rest.json()).toMatchObject({ result: "success", txn: { state: "refunded" }, pg_response: { amount: 5.75, order_status: "REFUNDED" } });
    const refunds = mpgs.requests.filter((r) => r.method === "PUT" && r.body.apiOperation === "REFUND");
    expect(refunds.map((r) => (r.body.transaction as { amount: string }).amount)).toEqual(["4.25", "1.00", "5.75"]);
  });

  it("an operation whose answer was lost is found done when sent again: money moves once", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await comeBack((await choose(page, "approve")).location!);
    const [attempt] = await attemptsOf(sessionId);
    const gateway = (await findGatewaySettingByCode(ctx.db, "mpgs"))!;
    const input = { kind: "refund" as const, paymentReference: attempt!.reference_number, operationReference: "OP00000000000000A1", amount: "2", currencyCode: "KWD" };
    mpgs.control.loseAnswer = (r) => r.method === "PUT";
    try {
      await expect(mpgsAdapter.operate(ctx, gateway, input)).rejects.toThrow(/could not be reached/);
    } finally {
      mpgs.control.loseAnswer = undefined;
    }
    const again = await mpgsAdapter.operate(ctx, gateway, input);
    expect(again).toMatchObject({ outcome: "success", gatewayResponse: { transaction_id: "OP00000000000000A1", type: "REFUND", amount: 2 } });
    expect(await mpgsAdapter.operate(ctx, gateway, input)).toEqual(again);
    expect(mpgs.requests.filter((r) => r.method === "PUT" && r.path.endsWith("/transaction/OP00000000000000A1"))).toHaveLength(1);
    expect(mpgs.orders.get(attempt!.reference_number)!.totalRefundedAmount).toBe(2);
  });

  it("an operation refused after it was done (its first answer lost) is read back, not failed", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await comeBack((await choose(page, "approve")).location!);
    const [attempt] = await attemptsOf(sessionId);
    const gateway = (await findGatewaySettingByCode(ctx.db, "mpgs"))!;
    const input = { kind: "refund" as const, paymentReference: attempt!.reference_number, operationReference: "OP00000000000000B2", amount: "1", currencyCode: "KWD" };
    // Between our look-up and our send, the first send lands at MPGS: the second is refused as a repeated id.
    let first = true;
    mpgs.control.respond = (r) => {
      if (!(first && r.method === "GET" && r.path.endsWith("/transaction/OP00000000000000B2"))) return undefined;
      first = false;
      return { status: 400, body: { result: "ERROR", error: { cause: "INVALID_REQUEST", explanation: "Unable to find transaction for this order" } } };
    };
    try {
      mpgs.control.loseAnswer = (r) => r.method === "PUT";
      await expect(mpgsAdapter.operate(ctx, gateway, input)).rejects.toThrow(/could not be reached/);
      mpgs.control.loseAnswer = undefined;
      first = true;
      expect(await mpgsAdapter.operate(ctx, gateway, input)).toMatchObject({ outcome: "success", gatewayResponse: { transaction_id: "OP00000000000000B2" } });
    } finally {
      mpgs.control.respond = undefined;
      mpgs.control.loseAnswer = undefined;
    }
    expect(mpgs.orders.get(attempt!.reference_number)!.totalRefundedAmount).toBe(1);
  });
});

describe("MPGS bad input", () => {
  it("a return with another session's resultIndicator, or none, is refused with a warning and settles nothing", async () => {
    const mine = await newTransaction();
    const other = await newTransaction();
    const myPage = await pay(mine);
    const otherPage = await pay(other);
    const { location } = await holdingNotifications(() => choose(otherPage, "approve"));
    const genuine = new URL(sessionOf(myPage).returnUrl);
    const forged = new URL(genuine);
    forged.searchParams.set("resultIndicator", new URL(location!).searchParams.get("resultIndicator")!);
    let status = 0;
    const warnings = await logged("warn", async () => {
      status = (await comeBack(forged.toString())).status;
      expect((await comeBack(genuine.toString())).status).toBe(400);
    });
    expect(status).toBe(400);
    expect(warnings).toContain("resultIndicator is not its session's");
    expect(await stateOf(ctx, mine)).toBe("pending");
    // Another attempt's return address (its signature) with the right indicator is refused as well.
    const theirs = new URL(location!);
    theirs.searchParams.set("ref", (await attemptsOf(mine))[0]!.reference_number);
    expect((await comeBack(theirs.toString())).status).toBe(400);
    expect(await stateOf(ctx, mine)).toBe("pending");
  });

  it("a notification without or with a wrong secret is refused and settles nothing; the genuine one then settles", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await holdingNotifications(() => choose(page, "approve"));
    const notification = lastNotification();
    const warnings = await logged("warn", async () => {
      await mpgs.deliver(notification, "notTheNotificationSecret");
      expect(notification.status).toBe(400);
      await mpgs.deliver(notification, null);
      expect(notification.status).toBe(400);
    });
    expect(warnings).toContain("notification without the right secret");
    expect(warnings).not.toContain(MPGS_CREDENTIALS.notification_secret);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    await mpgs.deliver(notification);
    expect(notification.status).toBe(200);
    // Sent again (MPGS retries one it thinks unanswered): acknowledged, moves nothing twice.
    await mpgs.deliver(notification);
    expect(notification.status).toBe(200);
    expect(await stateChanges(sessionId)).toEqual(["pending", "paid"]);
  });

  it("a notification about none of our orders is acknowledged and changes nothing", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await holdingNotifications(() => choose(page, "approve"));
    const theirs: SentNotification = { ...lastNotification(), payload: lastNotification().payload.replaceAll(/CK[0-9A-F]{16}/g, "POSORDER123") };
    await mpgs.deliver(theirs);
    expect(theirs.status).toBe(200);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
  });

  it("an order whose amount differs from ours settles nothing and is logged as a warning", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    const { location } = await holdingNotifications(() => choose(page, "approve"));
    const [attempt] = await attemptsOf(sessionId);
    mpgs.orders.get(attempt!.reference_number)!.amount = 1;
    const warnings = await logged("warn", async () => {
      expect((await comeBack(location!)).status).toBe(303);
    });
    expect(warnings).toContain("MPGS order amount differs");
    expect((await attemptsOf(sessionId))[0]).toMatchObject({ state: "pending" });
    expect(await stateOf(ctx, sessionId)).toBe("pending");
  });

  it("a password MPGS refuses: the customer is back on the payment page with the notice; the log says why, without the password", async () => {
    const sessionId = await newTransaction("mpgs-wrong-password");
    let location = "";
    const errors = await logged("error", async () => {
      location = await pay(sessionId, "mpgs-wrong-password");
    });
    expect(location).toContain(`/b/checkout/redirect/start/?session_id=${sessionId}&unavailable=1`);
    expect(errors).toContain("refused the merchant id or API password");
    expect(errors).not.toContain("notThePasswordMpgsKnows");
    expect(await attemptsOf(sessionId)).toEqual([]);
  });

  it("MPGS unreachable: the same notice, no attempt; an operation then stays pending", async () => {
    const sessionId = await newTransaction();
    mpgs.control.respond = () => "drop";
    try {
      expect(await pay(sessionId)).toContain("&unavailable=1");
    } finally {
      mpgs.control.respond = undefined;
    }
    expect(await attemptsOf(sessionId)).toEqual([]);
    const page = await pay(sessionId);
    await comeBack((await choose(page, "approve")).location!);
    mpgs.control.respond = () => "drop";
    try {
      expect((await operate({ operation: "refund", session_id: sessionId, amount: "1" })).status).toBe(202);
    } finally {
      mpgs.control.respond = undefined;
    }
  });
});

describe("MPGS credentials", () => {
  it("never appear in an API answer or the panel's data", async () => {
    const sessionId = await newTransaction();
    const page = await pay(sessionId);
    await comeBack((await choose(page, "approve")).location!);
    const res = await fetch(`${app.base()}/b/checkout/v1/pymt-txn/${sessionId}`, { headers: { authorization: `Api-Key ${app.apiKey()}` } });
    const text = await res.text();
    expect(res.status).toBe(200);
    const panel = JSON.stringify([await listGatewaySettings({ ctx }), await loadGatewayForm({ ctx, input: { code: "mpgs" } })]);
    for (const secret of [MPGS_CREDENTIALS.api_password, MPGS_CREDENTIALS.notification_secret]) {
      expect(text).not.toContain(secret);
      expect(panel).not.toContain(secret);
    }
    const stored = await ctx.db.selectFrom("gateway_settings").select("credentials").where("code", "=", "mpgs").executeTakeFirstOrThrow();
    expect(stored.credentials!.toString("latin1")).not.toContain(MPGS_CREDENTIALS.api_password);
  });

  it("are checked by form when saved: the merchant id against the mode, the password, the host, the API version, the secret", async () => {
    const save = (code: string, isSandbox: boolean, credentials: Record<string, string>) =>
      createGatewaySetting({ ctx, input: { code, pg: "mpgs", currencies: ["KWD"], isSandbox, credentials } }).then(
        () => null,
        (error: { fields?: unknown }) => error.fields,
      );
    expect(await save("m1", false, MPGS_CREDENTIALS)).toEqual({ credentials: { merchant_id: [expect.stringContaining("production mode")] } });
    expect(await save("m2", true, { ...MPGS_CREDENTIALS, merchant_id: "GULFBANK01", gateway_host: "https://ap-gateway.mastercard.com/api", api_version: "62", api_password: "short", notification_secret: "x" })).toEqual({
      credentials: {
        merchant_id: [expect.stringContaining("sandbox mode")],
        api_password: [expect.stringContaining("API password")],
        gateway_host: [expect.stringContaining("host name only")],
        api_version: [expect.stringContaining("from 63 on")],
        notification_secret: [expect.stringContaining("notification secret")],
      },
    });
    expect(await save("m3", false, { ...MPGS_CREDENTIALS, merchant_id: "GULFBANK01", gateway_host: "ap-gateway.mastercard.com" })).toBeNull();
  });

  it("the CLI creates an MPGS setting, shows the same messages under the field, and never prints the password", async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), "mpgs-cli-")), "creds.json");
    const create = (code: string, mode: string) =>
      runScript("server/admin.ts", ["create-gateway", "--code", code, "--pg", "mpgs", "--currencies", "KWD", "--mode", mode, "--credentials-file", file]);
    await writeFile(file, JSON.stringify({ ...MPGS_CREDENTIALS, api_password: "cliPassword0123456789" }));
    const refused = await create("mpgs-cli", "production");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("This setting is in production mode");
    const saved = await create("mpgs-cli", "sandbox");
    expect(saved).toMatchObject({ code: 0, stdout: "Gateway setting mpgs-cli (mpgs, purchase, KWD).\n" });
    expect(refused.stdout + refused.stderr + saved.stderr).not.toContain("cliPassword0123456789");
  });
});
