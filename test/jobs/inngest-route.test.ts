import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";

// Inngest's API on 127.0.0.1 (INNGEST_BASE_URL), in cloud mode with a signing key: it records the sync request
// the endpoint makes. lib/core/env.ts reads the environment once: set it, then import the route.
const registered: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];
const api = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  registered.push({ path: req.url ?? "", authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") });
  res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true,"modified":true}');
});
await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));
Object.assign(process.env, {
  JOB_ENGINE: "inngest",
  INNGEST_SIGNING_KEY: "signkey-test-0123456789abcdef0123456789abcdef",
  INNGEST_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
});

const route = await import("@/app/api/inngest/route");
const { serveRoutes } = await import("../support/http-server");
const base = await serveRoutes([{ path: "/api/inngest", module: route }]);

interface FunctionConfig {
  id: string;
  triggers: Record<string, unknown>[];
  steps: Record<string, { retries?: { attempts: number } }>;
}

describe("/api/inngest (the Inngest serve endpoint)", () => {
  it("syncs the service's six functions with their triggers when Inngest asks (PUT)", async () => {
    const res = await fetch(`${base}/api/inngest`, { method: "PUT" });
    expect(res.status).toBe(200);
    const [sync] = registered;
    expect(sync!.path).toBe("/fn/register");
    expect(sync!.authorization).toMatch(/^Bearer signkey-test-[0-9a-f]{64}$/); // the hashed key, never the key
    expect(sync!.body).toMatchObject({ appName: "checkout-service", framework: "nextjs", url: `${base}/api/inngest` });
    const fns = sync!.body.functions as FunctionConfig[];
    const triggersOf = (name: string) => fns.find((f) => f.id === `checkout-service-${name}`)?.triggers;
    expect(fns).toHaveLength(6);
    expect(triggersOf("dispatch-event")).toEqual([{ event: "checkout/event.recorded" }]);
    expect(triggersOf("deliver-webhook")).toEqual([{ event: "checkout/webhook.requested" }]);
    expect(triggersOf("send-message")).toEqual([{ event: "checkout/message.requested" }]);
    expect(triggersOf("expire-transaction")).toEqual([{ event: "checkout/transaction.expiry-due" }]);
    expect(triggersOf("settle-operation")).toEqual([{ event: "checkout/operation.requested" }]);
    expect(triggersOf("maintenance")).toEqual([{ cron: "* * * * *" }, { event: "checkout/maintenance.requested" }]);
    const sendMessage = fns.find((f) => f.id === "checkout-service-send-message")!;
    expect(Object.values(sendMessage.steps)[0]!.retries).toEqual({ attempts: 5 });
  });

  it("refuses unsigned requests to run a function or describe the app", async () => {
    const run = await fetch(`${base}/api/inngest?fnId=checkout-service-maintenance&stepId=step`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: { name: "inngest/scheduled.timer", data: {} }, events: [], steps: {}, ctx: { run_id: "r" } }),
    });
    expect(run.status).toBe(401);
    expect((await fetch(`${base}/api/inngest`)).status).toBe(401);
  });
});
