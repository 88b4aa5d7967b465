import { describe, expect, it } from "vitest";
import * as healthRoute from "@/app/api/health/route";
import { serveRoutes } from "../support/http-server";

describe("GET /api/health (liveness)", () => {
  it("answers 200 without caching", async () => {
    const base = await serveRoutes([{ path: "/api/health", module: healthRoute }]);
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("keeps a sane X-Request-Id from the caller", async () => {
    const base = await serveRoutes([{ path: "/api/health", module: healthRoute }]);
    const res = await fetch(`${base}/api/health`, { headers: { "x-request-id": "trace-12345678" } });
    expect(res.headers.get("x-request-id")).toBe("trace-12345678");
  });
});
