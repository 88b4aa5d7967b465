import { describe, expect, it } from "vitest";
import { serveRoutes } from "../support/http-server";

// Nothing listens on port 1: the app's database is unreachable. Set before the app's modules load, since
// lib/core/env.ts reads the environment once, when first imported.
process.env.DATABASE_URL = "postgres://x:y@127.0.0.1:1/none";

describe("with the database down", () => {
  it("/api/ready answers 503 naming the database, without caching", async () => {
    const readyRoute = await import("@/app/api/ready/route");
    const base = await serveRoutes([{ path: "/api/ready", module: readyRoute }]);

    const res = await fetch(`${base}/api/ready`);

    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const body = await res.json();
    expect(body).toMatchObject({ status: "unavailable", checks: { database: { ok: false } } });
    expect(body.failing).toContain("database");
  });

  // A liveness probe that failed here would have Kubernetes restart every pod, which cannot bring the database back.
  it("/api/health (liveness) still answers 200", async () => {
    const healthRoute = await import("@/app/api/health/route");
    const base = await serveRoutes([{ path: "/api/health", module: healthRoute }]);
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
