import { describe, expect, it } from "vitest";
import * as route from "@/app/api/inngest/route";
import { serveRoutes } from "../support/http-server";

const base = await serveRoutes([{ path: "/api/inngest", module: route }]);

describe("/api/inngest with the embedded engine (the default)", () => {
  it("serves nothing", async () => {
    for (const method of ["GET", "POST", "PUT"]) {
      const res = await fetch(`${base}/api/inngest`, { method, body: method === "GET" ? undefined : "{}" });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: "Not found." });
    }
  });
});
