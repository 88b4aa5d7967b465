import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MPGS_CREDENTIALS, startMpgsForApp } from "../support/mpgs-for-app";

// Failover (docs/gateways/failover.md) over HTTP with a real database: the pay route, MPGS's stand-in behind a front
// door the tests break (connection refused, 5xx, cut), wrong credentials, the sandbox as the gateway taking over.

vi.hoisted(() => {
  process.env.METRICS_TOKEN = "gateway-failover-token-0123";
  // A gateway that never answers is given up on sooner here (15 s by default), but not so soon that the stand-in's
  // own answers, slowed in CI's starved part of the unit tests, are taken for silence (at 0.5 s one was).
  process.env.GATEWAY_TIMEOUT_SECONDS = "5";
});

const mpgs = await startMpgsForApp();

/** MPGS as the app reaches it: passed to the stand-in, or refused, answering 503, cut, or silent, as the test says. */
type DoorMode = "pass" | "refuse" | "503" | "drop" | "stall";
const door = { mode: "pass" as DoorMode, calls: 0 };
const frontDoor = http.createServer(async (req, res) => {
  door.calls++;
  // Never answered: the app's time-out gives up (the socket is closed with the server, after the file).
  if (door.mode === "stall") return;
  if (door.mode === "drop") return void req.socket.destroy();
  if (door.mode === "503") return void res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ result: "ERROR", error: { cause: "SERVER_BUSY" } }));
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const answer = await fetch(`${mpgs.url}${req.url}`, { method: req.method, headers: { authorization: req.headers.authorization ?? "", "content-type": "application/json" }, body: chunks.length ? Buffer.concat(chunks) : undefined });
  res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
});
await new Promise<void>((resolve) => frontDoor.listen(0, "127.0.0.1", resolve));
const doorPort = (frontDoor.address() as AddressInfo).port;
process.env.MPGS_BASE_URL = `http://127.0.0.1:${doorPort}`;
afterAll(() => {
  frontDoor.closeAllConnections();
  return new Promise<void>((resolve) => frontDoor.close(() => resolve()));
});

/** MPGS in `mode` while `fn` runs; "refuse" closes the front door's port, so that connections are refused. */
async function mpgsDown<T>(mode: Exclude<DoorMode, "pass">, fn: () => Promise<T>): Promise<T> {
  door.mode = mode;
  if (mode === "refuse") {
    frontDoor.closeAllConnections();
    await new Promise<void>((resolve) => frontDoor.close(() => resolve()));
  }
  try {
    return await fn();
  } finally {
    door.mode = "pass";
    if (mode === "refuse") await new Promise<void>((resolve) => frontDoor.listen(doorPort, "127.0.0.1", resolve));
  }
}

const { createGatewaySetting } = await import("@/lib/config/gateway-settings/create-gateway-setting");
const { createTransaction } = await import("@/lib/checkout/transactions/create-transaction");
const { loadTransactionDetail } = await import("@/lib/panel/admin/load-transaction-detail");
const { transactionTimeline } = await import("@/lib/panel/admin/transaction-timeline");
const { metrics } = await import("@/lib/core/metrics/metrics");
const { CIRCUIT_RULES } = await import("@/lib/gateways/circuit-breaker");
const { openCircuits } = await import("@/lib/gateways/gateway-circuits");
const { createCurrency, createKey } = await import("../support/factories");
const { serveGatewayRoutes, hostedPageFlow } = await import("../support/hosted-page-flow");
const { events, stateOf } = await import("../support/payment-flow");
const { testContext } = await import("../support/test-context");

const ctx = testContext();
const superuser = { kind: "user" as const, id: "0", username: "admin", isSuperuser: true, gatewayCodes: [], permissions: [] };
let base = "";
let apiKey = "";
let caller: { kind: "api_key"; id: string; name: string };
const flow = hostedPageFlow(ctx, { base: () => base, apiKey: () => apiKey });

// One MPGS setting per test: each has a circuit breaker of its own in this process.
const MPGS_CODES = ["mpgs-refused", "mpgs-503", "mpgs-cut", "mpgs-silent", "mpgs-none", "mpgs-order", "mpgs-circuit", "mpgs-decline", "mpgs-twice"];

beforeAll(async () => {
  for (const [code, decimals] of [["USD", 2], ["KWD", 3]] as const) await createCurrency(ctx, { code, decimals });
  const mpgsSetting = { pg: "mpgs" as const, currencies: ["KWD", "USD"], isSandbox: true, credentials: MPGS_CREDENTIALS };
  for (const code of MPGS_CODES) await createGatewaySetting({ ctx, input: { code, ...mpgsSetting } });
  await createGatewaySetting({ ctx, input: { code: "mpgs-wrong", ...mpgsSetting, credentials: { ...MPGS_CREDENTIALS, api_password: "notThePasswordMpgsKnows" } } });
  const sandbox = { pg: "sandbox" as const, currencies: ["KWD"] };
  await createGatewaySetting({ ctx, input: { code: "sandbox", ...sandbox } });
  await createGatewaySetting({ ctx, input: { code: "sandbox-high", ...sandbox, priority: 5 } });
  await createGatewaySetting({ ctx, input: { code: "sandbox-auth", ...sandbox, operation: "authorize" } });
  const key = await createKey(ctx);
  apiKey = key.key;
  caller = { kind: "api_key", id: key.id, name: key.name };
  base = await serveGatewayRoutes();
  mpgs.control.notificationUrl = `${base}/b/checkout/gateway/mpgs/callback/`;
});

async function newTransaction(pgCodes: string[]) {
  const { body } = await createTransaction({ ctx, input: { caller, fields: { amount: "10", currency_code: "KWD", pg_codes: pgCodes }, files: {} } });
  return String(body.session_id);
}

/** The transaction's routing decisions as the panel's timeline words them. */
async function routingWords(sessionId: string): Promise<string[]> {
  const detail = await loadTransactionDetail({ ctx, input: { caller: superuser, sessionId } });
  return transactionTimeline(detail)
    .filter((entry) => / (unavailable|skipped) \(/.test(entry.text))
    .map((entry) => entry.text);
}

const onSandboxPage = (location: string) => expect(location).toMatch(/\/sandbox\/pay\/CK[0-9A-F]+$/);

describe("the chosen gateway unavailable as the payment starts: the next eligible gateway takes it", () => {
  it.each([
    ["refuse", "mpgs-refused", "connection refused"],
    ["503", "mpgs-503", "HTTP 503"],
    ["drop", "mpgs-cut", "unreachable"],
    ["stall", "mpgs-silent", "timeout after 5 s"],
  ] as const)("MPGS %s: the customer lands on the sandbox's card page, one attempt, and the timeline says why", async (mode, code, reason) => {
    const sessionId = await newTransaction([code, "sandbox"]);
    const location = await mpgsDown(mode, () => flow.pay(sessionId, code));
    expect(location).not.toContain("unavailable=1");
    onSandboxPage(location);
    const attempts = await flow.attemptsOf(sessionId);
    expect(attempts.map((a) => [a.gateway_code, a.state])).toEqual([["sandbox", "pending"]]);
    expect(await stateOf(ctx, sessionId)).toBe("pending");
    expect(await routingWords(sessionId)).toEqual([`${code} unavailable (${reason}) → started on sandbox`]);
  });

  it("credentials MPGS refuses: started on the next gateway", async () => {
    const sessionId = await newTransaction(["mpgs-wrong", "sandbox"]);
    onSandboxPage(await flow.pay(sessionId, "mpgs-wrong"));
    expect(await routingWords(sessionId)).toEqual(["mpgs-wrong unavailable (credentials refused) → started on sandbox"]);
  });

  it("none left (the other gateway authorizes where the chosen one purchases): today's notice, nothing moved, the decision on the timeline", async () => {
    const sessionId = await newTransaction(["mpgs-none", "sandbox-auth"]);
    expect(await mpgsDown("503", () => flow.pay(sessionId, "mpgs-none"))).toContain("&unavailable=1");
    expect(await flow.attemptsOf(sessionId)).toEqual([]);
    expect(await stateOf(ctx, sessionId)).toBe("created");
    expect(await routingWords(sessionId)).toEqual([
      "mpgs-none unavailable (HTTP 503) → no other payment method left; the customer was asked to choose again",
    ]);
  });

  it("the fallback of highest priority first, whatever its place in pg_codes", async () => {
    const sessionId = await newTransaction(["mpgs-order", "sandbox", "sandbox-high"]);
    await mpgsDown("503", () => flow.pay(sessionId, "mpgs-order"));
    expect((await flow.attemptsOf(sessionId)).map((a) => a.gateway_code)).toEqual(["sandbox-high"]);
  });

  it("two clicks while MPGS is down: one live attempt, the other superseded", async () => {
    const sessionId = await newTransaction(["mpgs-twice", "sandbox"]);
    await mpgsDown("503", () => Promise.all([flow.pay(sessionId, "mpgs-twice"), flow.pay(sessionId, "mpgs-twice")]));
    const states = (await flow.attemptsOf(sessionId)).map((a) => a.state).sort();
    expect(states).toEqual(["pending", "superseded"]);
  });
});

describe("circuit breaker", () => {
  it(`opens after ${CIRCUIT_RULES.failures} failures in a row: the gateway is skipped, not asked, and /metrics shows it`, async () => {
    for (let i = 0; i < CIRCUIT_RULES.failures; i++) {
      const sessionId = await newTransaction(["mpgs-circuit", "sandbox"]);
      onSandboxPage(await mpgsDown("503", () => flow.pay(sessionId, "mpgs-circuit")));
    }
    expect(openCircuits().map((c) => [c.code, c.failures])).toContainEqual(["mpgs-circuit", CIRCUIT_RULES.failures]);
    const calls = door.calls;
    const sessionId = await newTransaction(["mpgs-circuit", "sandbox"]);
    onSandboxPage(await flow.pay(sessionId, "mpgs-circuit"));
    expect(door.calls).toBe(calls);
    expect(await routingWords(sessionId)).toEqual(["mpgs-circuit skipped (circuit open) → started on sandbox"]);

    const exposed = await metrics()!.registry.metrics();
    expect(exposed).toContain('checkout_gateway_circuit_open{pg_code="mpgs-circuit"} 1');
    expect(exposed).toContain(`checkout_gateway_failovers_total{from="mpgs-circuit",to="sandbox"} ${CIRCUIT_RULES.failures + 1}`);
  });
});

describe("a declined card never fails over", () => {
  it("MPGS declines: the attempt is declined, no other gateway is tried, no routing event", async () => {
    const sessionId = await newTransaction(["mpgs-decline", "sandbox"]);
    const location = await flow.pay(sessionId, "mpgs-decline");
    const session = /data-session="([^"]+)"/.exec(await (await fetch(flow.local(location))).text())![1]!;
    // MPGS's page stays payable after a decline; the customer leaves it by its cancel link.
    expect((await fetch(`${mpgs.url}/checkout/pay/${session}`, { method: "POST", body: new URLSearchParams({ action: "decline" }) })).status).toBe(200);
    await mpgs.idle();
    expect((await flow.comeBack(mpgs.sessions.get(session)!.cancelUrl!)).status).toBe(303);
    const attempts = await flow.attemptsOf(sessionId);
    expect(attempts.map((a) => [a.gateway_code, a.state])).toEqual([["mpgs-decline", "declined"]]);
    expect((await events(ctx, sessionId)).filter((e) => e.kind === "payment_routed")).toEqual([]);
  });
});
