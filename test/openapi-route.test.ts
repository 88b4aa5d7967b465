import { describe, expect, it } from "vitest";
import * as openapiRoute from "@/app/b/checkout/v1/openapi.json/route";
import { env } from "@/lib/env";
import { serveRoutes } from "./support/http-server";

describe("GET /b/checkout/v1/openapi.json", () => {
  it("serves the OpenAPI document as JSON, with and without a trailing slash", async () => {
    const base = await serveRoutes([{ path: "/b/checkout/v1/openapi.json", module: { GET: (req: Request) => openapiRoute.GET(req, { params: Promise.resolve({}) }) } }]);
    for (const path of ["/b/checkout/v1/openapi.json", "/b/checkout/v1/openapi.json/"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("x-request-id")).toBeTruthy();
      const doc = await res.json();
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.servers).toEqual([{ url: env.APP_URL, description: "This installation" }]);
      expect(Object.keys(doc.paths)).toContain("/b/checkout/v1/pymt-txn/");
    }
  });
});
