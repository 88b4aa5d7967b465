import { beforeAll, describe, expect, it, vi } from "vitest";

// In production, webhook targets on loopback, private or link-local addresses are refused.
vi.hoisted(() => {
  Object.assign(process.env, { NODE_ENV: "production", ALLOW_PRIVATE_URLS: "" });
});

let refuseTarget: (url: string) => Promise<string | null>;
beforeAll(async () => {
  ({ refuseTarget } = await import("@/lib/webhooks/check-target-url"));
});

describe("webhook targets in production", () => {
  it.each([
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "http://10.1.2.3/hook",
    "http://172.20.0.1/hook",
    "http://192.168.1.10/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/hook",
    "http://[fe80::1]/hook",
    "http://0.0.0.0/hook",
    "http://[::ffff:127.0.0.1]/hook",
  ])("refuses %s", async (url) => {
    expect(await refuseTarget(url)).toMatch(/private or local address/);
  });

  it("allows a public address", async () => {
    expect(await refuseTarget("https://93.184.216.34/hook")).toBeNull();
  });
});
