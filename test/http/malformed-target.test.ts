import { describe, expect, it } from "vitest";
import { hasMalformedEncoding } from "@/lib/http/malformed-target";

// The web server answers these 400 before Next.js sees them (server/web-server.ts; e2e/server-limits.spec.ts).
describe("malformed request targets", () => {
  it("tells broken percent-encoding from good", () => {
    for (const bad of ["/b/checkout/v1/attachments/%E0%A4%A", "/x/%ZZ", "/x?session_id=%", "/x?q=100%"]) expect(hasMalformedEncoding(bad), bad).toBe(true);
    for (const good of ["/b/checkout/v1/attachments/..%2f..%2fetc", "/x?q=%25&r=%E2%82%AC", "/x/%00", "/"]) expect(hasMalformedEncoding(good), good).toBe(false);
  });
});
