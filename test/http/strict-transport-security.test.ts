import { describe, expect, it } from "vitest";
import { STRICT_TRANSPORT_SECURITY, strictTransportSecurity } from "@/lib/http/strict-transport-security";

// The web server sends Strict-Transport-Security on every response when the public address is https (the header on
// real responses: e2e/https-app-url.spec.ts).

describe("strictTransportSecurity", () => {
  it("pins https for two years, subdomains included, when APP_URL is https", () => {
    expect(STRICT_TRANSPORT_SECURITY).toBe("max-age=63072000; includeSubDomains");
    expect(strictTransportSecurity("https://pay.example.com")).toBe(STRICT_TRANSPORT_SECURITY);
    expect(strictTransportSecurity("HTTPS://pay.example.com:8443/base")).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it("sends nothing for an http APP_URL (a local install)", () => {
    expect(strictTransportSecurity("http://localhost:3000")).toBeNull();
    expect(strictTransportSecurity("http://127.0.0.1:3100")).toBeNull();
  });
});
