import { describe, expect, it } from "vitest";
import { serveRoutes } from "../support/http-server";

// Nothing listens on port 1: the app's database is unreachable. Set before the app's modules load, since
// lib/core/env.ts reads the environment once, when first imported.
process.env.DATABASE_URL = "postgres://x:y@127.0.0.1:1/none";

describe("GET /api/health with the database down", () => {
  it("answers 503 and says the database is down, without caching", async () => {
    const healthRoute = await import("@/app/api/health/route");
    const base = await serveRoutes([{ path: "/api/health", module: healthRoute }]);

    const res = await fetch(`${base}/api/health`);

    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({ status: "unavailable", database: "down" });
  });
});
