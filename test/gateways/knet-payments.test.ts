import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listenForRoutes } from "../support/http-server";
import type { Caller } from "@/lib/access/auth/permissions";
import { createKnetStandIn } from "../support/knet-stand-in";

// The KNET adapter against a local stand-in that speaks KNET's protocol over HTTP (test/support/knet-stand-in.ts):
// the customer's browser is played by fetch, KNET's server posts its encrypted result to our callback route, and
// the database is real. lib/core/env.ts reads the environment once: the app's own address (APP_URL, which KNET posts
// back to) and KNET_BASE_URL are set before the application is imported.

const TERMINAL = { tranportalId: "107701", password: "Knet-Pass-7731", resourceKey: "S9TN2371BAXP8Q35" };
const SECRETS = [TERMINAL.password, TERMINAL.resourceKey, "WRONGKEY12345678"];
const standIn = createKnetStandIn(TERMINAL);
const knetUrl = await standIn.listen();
afterAll(() => standIn.close());
const app = await listenForRoutes();
Object.assign(process.env, { APP_URL: app.url, KNET_BASE_URL: knetUrl });

const callbackRoute = await import("@/app/b/checkout/gateway/[pg]/callback/route");
const returnRoute = await import("@/app/b/checkout/gateway/[pg]/return/route");
const payRoute = await import("@/app/b/checkout/redirect/pay/route");
const operationRoute = await import("@/app/b/pbl/v2/operation/route");
const inquiryRoute = await import("@/app/b/pbl/v2/inquiry/route");
const getRoute = await import("@/app/b/checkout/v1/pymt-txn/[sessionId]/route");
const { createGatewaySetting } = await import("@/lib/config/gateway-settings/create-gateway-setting");
const { splitByGateway } = await import("@/lib/panel/admin/panel-operations");
const { startPayment } = await import("@/lib/checkout/payments/start-payment");
const { logger } = await import("@/lib/core/log/logger");
const { ValidationFailed } = await import("@/lib/core/errors");
const { createCurrency, createKey } = await import("../support/factories");
const { events, newTransaction, stateOf } = await import("../support/payment-flow");
const { runMaintenance } = await import("@/lib/jobs/run-maintenance");
const { resumeOperation } = await import("@/lib/checkout/operations/resume-operation");
const { testContext } = await import("../support/test-context");

app.serve([
  { path: "/b/checkout/gateway/[pg]/callback", module: callbackRoute },
  { path: "/b/checkout/gateway/[pg]/return", module: returnRoute },
  { path: "/b/checkout/redirect/pay", module: payRoute },
  { path: "/b/pbl/v2/operation", module: operationRoute },
  { path: "/b/pbl/v2/inquiry", module: inquiryRoute },
  { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: getRoute },
]);

const ctx = testContext();
let caller: Caller;
let apiKey: string;
const logged: string[] = [];

beforeAll(async () => {
  await createCurrency(ctx, { code: "KWD" });
  await createCurrency(ctx, { code: "USD", decimals: 2 });
  const credentials = { tranportal_id: TERMINAL.tranportalId, tranportal_password: TERMINAL.password, resource_key: TERMINAL.resourceKey };
  await createGatewaySetting({ ctx, input: { code: "knet", pg: "knet", currencies: ["KWD", "USD"], isSandbox: true, credentials } });
  // The same terminal with a resource key the bank never issued: KNET cannot read its requests.
  await createGatewaySetting({ ctx, input: { code: "knet-badkey", pg: "knet", currencies: ["KWD"], isSandbox: true, credentials: { ...credentials, resource_key: "WRONGKEY12345678" } } });
  const key = await createKey(ctx);
  apiKey = key.key;
  caller = { kind: "api_key", id: key.id, name: key.name };
  for (const level of ["info", "warn", "error"] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void logged.push(JSON.stringify(args))) as never);
  }
});
beforeEach(() => {
  standIn.control.down = false;
  standIn.control.deliver = true;
});
afterAll(() => {
  // Secrets never reach the log, whatever happened above.
  for (const line of logged) for (const secret of SECRETS) expect(line).not.toContain(secret);
});

const attemptOf = (reference: string) => ctx.db.selectFrom("payment_attempts").selectAll().where("reference_number", "=", reference).executeTakeFirstOrThrow();

/** Starts a payment on `code` and opens KNET's page the customer was sent to; returns the page and the reference. */
async function openKnetPage(sessionId: string, code = "knet") {
  const started = await startPayment({ ctx, input: { sessionId, code } });
  if (started.kind !== "redirect") throw new Error(`payment did not start: ${started.kind}`);
  const page = await fetch(started.url, { redirect: "manual" });
  return { url: started.url, page, reference: started.referenceNumber };
}

/** The customer's choice on KNET's page; returns where KNET sends the browser next. */
async function choose(page: Response, choice: "approve" | "decline" | "cancel"): Promise<string> {
  const paymentid = /name="paymentid" value="(\d+)"/.exec(await page.text())![1]!;
  const res = await fetch(`${knetUrl}/kpg/pay`, { method: "POST", body: new URLSearchParams({ paymentid, choice }), redirect: "manual" });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
}

const resultPage = (sessionId: string, reference: string) => `${app.url}/b/checkout/redirect/result/?session_id=${sessionId}&reference=${reference}`;

async function paid(choice: "approve" | "decline" | "cancel", fields: Record<string, unknown> = {}) {
  const sessionId = await newTransaction(ctx, caller, { pg_codes: ["knet"], amount: "12.5", ...fields });
  const { page, reference } = await openKnetPage(sessionId);
  const next = await choose(page, choice);
  return { sessionId, reference, next };
}

describe("paying with KNET", () => {
  it("CAPTURED: the callback is answered REDIRECT=, the browser lands on the result page, the transaction is paid", async () => {
    const { sessionId, reference, next } = await paid("approve", { vendor_name: "Main store" });
    expect(next).toBe(resultPage(sessionId, reference));
    expect(await stateOf(ctx, sessionId)).toBe("paid");
    const attempt = await attemptOf(reference);
    expect(attempt.state).toBe("success");
    expect(attempt.message).toBeNull();
    expect(attempt.gateway_response).toMatchObject({ result: "CAPTURED", trackid: reference, amt: "12.500", udf1: reference, udf2: "Main store" });
    expect(String((attempt.gateway_response as Record<string, unknown>).paymentid)).toMatch(/^\d{15}$/);
    // What the stand-in decrypted: our request, KWD 414, with the password inside trandata only.
    const [request] = [...standIn.payments.values()].filter((p) => p.trackid === reference);
    expect(request!.responseURL).toBe(`${app.url}/b/checkout/gateway/knet/callback/?trackid=${reference}`);
  });

  it("NOT CAPTURED is declined with KNET's word; CANCELED is canceled; both leave the transaction payable", async () => {
    const declined = await paid("decline");
    expect(declined.next).toBe(resultPage(declined.sessionId, declined.reference));
    expect(await attemptOf(declined.reference)).toMatchObject({ state: "declined", message: "NOT CAPTURED" });
    expect(await stateOf(ctx, declined.sessionId)).toBe("attempted");

    const canceled = await paid("cancel");
    expect(await attemptOf(canceled.reference)).toMatchObject({ state: "canceled", message: "CANCELED" });
    expect(await stateOf(ctx, canceled.sessionId)).toBe("attempted");
  });

  it("refuses a currency other than KWD with a clear message before sending anyone to KNET", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["knet"], currency_code: "USD" });
    await expect(startPayment({ ctx, input: { sessionId, code: "knet" } })).rejects.toThrow("KNET takes payments in KWD only");
  });
});

describe("KNET's messages", () => {
  const post = (reference: string, body: string) =>
    fetch(`${app.url}/b/checkout/gateway/knet/callback/?trackid=${reference}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });

  it("a tampered or forged result is a 400 and changes nothing", async () => {
    standIn.control.deliver = false;
    const { sessionId, reference } = await paid("approve");
    const { body } = standIn.sent.at(-1)!;
    const form = new URLSearchParams(body);
    const trandata = form.get("trandata")!;
    const flipped = `${trandata.slice(0, 10)}${trandata[10] === "0" ? "1" : "0"}${trandata.slice(11)}`;
    for (const forged of [
      new URLSearchParams({ ...Object.fromEntries(form), trandata: flipped }),
      new URLSearchParams({ paymentid: "1", trackid: reference, result: "CAPTURED" }),
      new URLSearchParams({ trackid: reference, trandata: trandata.slice(0, -32) }),
    ]) {
      const res = await post(reference, forged.toString());
      expect(res.status).toBe(400);
    }
    // A genuine result for another attempt, pointed at this one: refused too.
    const other = await paid("approve");
    expect((await post(reference, standIn.sent.at(-1)!.body.replace(other.reference, reference))).status).toBe(400);
    expect((await attemptOf(reference)).state).toBe("pending");
    expect(await stateOf(ctx, sessionId)).toBe("pending");
  });

  it("two copies of KNET's result at once: one settles the attempt, the other changes nothing; a replay later is a 400", async () => {
    standIn.control.deliver = false;
    const { sessionId, reference, next } = await paid("approve");
    // Not delivered: KNET sends the browser to our error URL, which only makes us ask (still nothing to say).
    expect(next).toContain(`/b/checkout/gateway/knet/return/?trackid=${reference}&Error=`);
    const { body } = standIn.sent.at(-1)!;
    const answers = await Promise.all([post(reference, body), post(reference, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(await ok.text()).toBe(`REDIRECT=${resultPage(sessionId, reference)}`);
    expect((await post(reference, body)).status).toBe(400);
    expect(await stateOf(ctx, sessionId)).toBe("paid");
    expect((await events(ctx, sessionId)).filter((e) => e.kind === "state_changed" && e.to_state === "paid")).toHaveLength(1);
  });

  it("the error leg (a resource key KNET cannot read) lands the customer on the result page, not a 400, and is logged", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["knet-badkey"] });
    const { page, reference } = await openKnetPage(sessionId, "knet-badkey");
    expect(page.status).toBe(302);
    const errorLeg = page.headers.get("location")!;
    expect(errorLeg).toContain(`${app.url}/b/checkout/gateway/knet/return/?trackid=${reference}&Error=SI-001`);
    logged.length = 0;
    const back = await fetch(errorLeg, { redirect: "manual" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(resultPage(sessionId, reference));
    // KNET has nothing under this track id: the attempt waits for an answer, nothing is assumed.
    expect((await attemptOf(reference)).state).toBe("pending");
    expect(logged.join("\n")).toContain("KNET could not take a payment");
    expect(logged.join("\n")).toContain("SI-001");
  });
});

describe("inquiry, operations and outages", () => {
  it("inquiry asks KNET's transaction service and settles an attempt whose result never reached us", async () => {
    standIn.control.deliver = false;
    const { sessionId, reference } = await paid("approve");
    expect((await attemptOf(reference)).state).toBe("pending");
    const res = await fetch(`${app.url}/b/pbl/v2/inquiry/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Api-Key ${apiKey}` },
      body: JSON.stringify({ session_id: sessionId }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).state).toBe("paid");
    expect((await attemptOf(reference)).gateway_response).toMatchObject({ result: "CAPTURED", trackid: reference });
  });

  it("a refund is refused with a clear 409 (refunds are done in KNET's portal) and the panel says so", async () => {
    const { sessionId } = await paid("approve");
    const res = await fetch(`${app.url}/b/pbl/v2/operation/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Api-Key ${apiKey}` },
      body: JSON.stringify({ operation: "refund", session_id: sessionId }),
    });
    expect(res.status).toBe(409);
    const sentence = "The knet gateway (setting knet) takes no refund through its API: do it in the gateway's own merchant portal.";
    expect((await res.json()).detail).toBe(sentence);
    expect(await stateOf(ctx, sessionId)).toBe("paid");
    const attempts = [{ state: "success", is_duplicate: false, pg: "knet", gateway_code: "knet" }] as never;
    expect(splitByGateway(["refund", "expire"], attempts)).toEqual({ allowed: ["expire"], unsupported: [sentence] });
  });

  it("KNET unreachable: the customer is back on the payment page with the notice, and the log says why", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["knet"] });
    standIn.control.down = true;
    logged.length = 0;
    const res = await fetch(`${app.url}/b/checkout/redirect/pay/?session_id=${sessionId}&code=knet`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${app.url}/b/checkout/redirect/start/?session_id=${sessionId}&unavailable=1`);
    expect(logged.join("\n")).toContain(`KNET's transaction service at ${knetUrl} did not answer`);
    // Nothing started: the customer can pay once KNET is back.
    expect(await ctx.db.selectFrom("payment_attempts").select("id").where("session_id", "=", sessionId).execute()).toHaveLength(0);
    standIn.control.down = false;
    expect((await startPayment({ ctx, input: { sessionId, code: "knet" } })).kind).toBe("redirect");
  });
});

describe("KNET and the transaction's deadline", () => {
  it("KNET's page takes no deadline: at it the transaction expires anyway, and a payment KNET takes later is a duplicate to refund in its portal", async () => {
    const sessionId = await newTransaction(ctx, caller, { pg_codes: ["knet"], webhook_url: "https://merchant.example/hook" });
    const { page, reference } = await openKnetPage(sessionId);
    // The deadline passes (moved back, not waited for) and the expiry sweep runs: KNET has no call to stop its page.
    await ctx.db.updateTable("transactions").set({ expires_at: new Date(Date.now() - 1000) }).where("session_id", "=", sessionId).execute();
    await runMaintenance({ ctx, input: { requeueDeliveries: false } });
    expect(await stateOf(ctx, sessionId)).toBe("expired");
    expect((await attemptOf(reference)).state).toBe("pending");

    // The customer pays on the page still open: KNET posts CAPTURED, which is given back, never `paid`.
    await choose(page, "approve");
    expect(await attemptOf(reference)).toMatchObject({ state: "success", is_duplicate: true });
    expect(await stateOf(ctx, sessionId)).toBe("expired");
    expect((await events(ctx, sessionId)).filter((e) => e.to_state === "paid")).toEqual([]);
    const [giveBack] = await ctx.db.selectFrom("operations").selectAll().where("session_id", "=", sessionId).where("cause", "=", "duplicate").execute();
    expect(await resumeOperation({ ctx, input: { operationId: giveBack!.id, settle: false, cause: "gateway" } })).toBe("failed");
    expect((await ctx.db.selectFrom("operations").select("message").where("id", "=", giveBack!.id).executeTakeFirstOrThrow()).message).toBe(
      "The knet gateway (setting knet) takes no refund through its API: do it in the gateway's own merchant portal.",
    );
  });
});

describe("KNET credentials", () => {
  it("a resource key that is not 16 characters cannot be saved", async () => {
    const saving = createGatewaySetting({
      ctx,
      input: { code: "knet-short", pg: "knet", currencies: ["KWD"], credentials: { tranportal_id: "1", tranportal_password: "p", resource_key: "short" } },
    });
    await expect(saving).rejects.toBeInstanceOf(ValidationFailed);
    await expect(saving).rejects.toMatchObject({
      fields: { credentials: { resource_key: ["The terminal resource key must be 16 characters (the bank's AES-128 key); this one has 5."] } },
    });
  });

  it("never appear in the payment page's address, the API's answers or gateway_response", async () => {
    const { sessionId } = await paid("approve");
    const url = (await openKnetPage(await newTransaction(ctx, caller, { pg_codes: ["knet"] }))).url;
    const res = await fetch(`${app.url}/b/checkout/v1/pymt-txn/${sessionId}`, { headers: { authorization: `Api-Key ${apiKey}` } });
    expect(res.status).toBe(200);
    const text = `${url}\n${await res.text()}`;
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
