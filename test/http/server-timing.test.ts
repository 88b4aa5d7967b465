import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as healthRoute from "@/app/api/health/route";
import * as readyRoute from "@/app/api/ready/route";
import { timeGatewayCall } from "@/lib/core/timing/request-timing";
import { withServerTiming } from "@/lib/http/server-timing";

// The web server (server/web-server.ts) runs every request through withServerTiming; here, two of the app's route
// handlers behind a node:http server doing the same: one that asks the database, one that does not.
const ROUTES: Record<string, (req: Request) => Promise<Response>> = {
  "/api/ready": (req) => readyRoute.GET(req, { params: Promise.resolve({}) }),
  "/api/health": (req) => healthRoute.GET(req, { params: Promise.resolve({}) }),
  // A gateway call of 20 ms, as an adapter's method is timed (lib/gateways/adapters.ts).
  "/gateway": () => timeGatewayCall(() => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response("ok")), 20))),
};

let base = "";
const server = http.createServer((req, res) =>
  withServerTiming(res, async () => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const response = await ROUTES[url.pathname]!(new Request(url));
    res.writeHead(response.status, Object.fromEntries(response.headers.entries())).end(await response.text());
  }),
);
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The Server-Timing entries of a response to `path`, by name (their dur, ms). Readiness may answer 503 here (no job engine runs): it has the header all the same. */
async function timingOf(path: string): Promise<Record<string, number>> {
  const response = await fetch(`${base}${path}`);
  const header = response.headers.get("server-timing") ?? "";
  const entries = header.split(", ").map((entry) => /^([a-z]+);dur=(\d+(?:\.\d+)?)$/.exec(entry));
  expect(entries.every((e) => e !== null), header).toBe(true);
  return Object.fromEntries(entries.map((e) => [e![1]!, Number(e![2])]));
}

describe("the Server-Timing header", () => {
  it("gives a route that asks the database its SQL time, and every entry as a duration", async () => {
    const timing = await timingOf("/api/ready");
    expect(Object.keys(timing)).toEqual(["db", "gateway", "webhook", "app", "total"]);
    expect(timing.db).toBeGreaterThan(0);
    expect(timing.total).toBeGreaterThanOrEqual(timing.db!);
  });

  it("gives a route that does not ask the database none, and gateway calls their own entry", async () => {
    expect((await timingOf("/api/health")).db).toBe(0);
    const gateway = await timingOf("/gateway");
    expect(gateway.gateway).toBeGreaterThan(0);
    expect(gateway.db).toBe(0);
  });

  it("counts each request's own time: requests at once do not add to each other's", async () => {
    const [ready, health] = await Promise.all([timingOf("/api/ready"), timingOf("/api/health")]);
    expect(ready.db).toBeGreaterThan(0);
    expect(health.db).toBe(0);
  });
});
