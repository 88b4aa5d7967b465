import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeLabeler, routePatterns, STATIC_LABEL, UNMATCHED_LABEL } from "@/server/route-label";

const label = routeLabeler(routePatterns(path.resolve(__dirname, "../../app")));

describe("route labels", () => {
  it.each([
    ["/b/checkout/v1/pymt-txn/", "/b/checkout/v1/pymt-txn"],
    ["/b/checkout/v1/pymt-txn", "/b/checkout/v1/pymt-txn"],
    ["/b/checkout/v1/pymt-txn/0123456789abcdef0123456789abcdef01234567", "/b/checkout/v1/pymt-txn/[sessionId]"],
    ["/b/checkout/v1/pymt-txn/abc?x=1", "/b/checkout/v1/pymt-txn/[sessionId]"],
    ["/b/checkout/gateway/sandbox/return?m=1", "/b/checkout/gateway/[pg]/return"],
    ["/b/AbC123", "/b/[code]"],
    ["/b/checkout/v1/openapi.json", "/b/checkout/v1/openapi.json"],
    ["/api/health", "/api/health"],
    ["/api/anything/else", "/api/[[...path]]"],
    ["/api/auth/session", "/api/auth/[...nextauth]"],
    ["/admin/transactions/abc", "/admin/transactions/[sessionId]"],
    ["/admin/gateways/new", "/admin/gateways/new"],
    ["/", "/"],
    ["/_next/static/chunks/app.js", STATIC_LABEL],
    ["/no/such/page/0123", UNMATCHED_LABEL],
    ["/wp-login.php", UNMATCHED_LABEL],
  ])("labels %s as %s", (url, expected) => {
    expect(label(url)).toBe(expected);
  });
});
