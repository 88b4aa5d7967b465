import http from "node:http";
import type { AddressInfo } from "node:net";
import { fetch } from "undici";
import { beforeAll, describe, expect, it, vi } from "vitest";

// In production, webhook targets on anything but a global unicast address are refused.
vi.hoisted(() => {
  Object.assign(process.env, { NODE_ENV: "production", ALLOW_PRIVATE_URLS: "" });
});

let refuseTarget: (url: string) => Promise<string | null>;
let webhookAgent: import("undici").Agent;
beforeAll(async () => {
  ({ refuseTarget, webhookAgent } = await import("@/lib/delivery/webhooks/check-target-url"));
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
    // Other ways to a local host, and special-purpose blocks (the full table: test/delivery/public-address.test.ts)
    "http://[64:ff9b::7f00:1]/hook",
    "http://[64:ff9b::169.254.169.254]/latest/meta-data",
    "http://[2002:7f00:1::1]/hook",
    "http://[::127.0.0.1]/hook",
    "http://[fec0::1]/hook",
    "http://192.0.0.170/hook",
    "http://198.51.100.7/hook",
    "http://2130706433/hook",
  ])("refuses %s", async (url) => {
    expect(await refuseTarget(url)).toMatch(/private, local or reserved address/);
  });

  it.each(["https://93.184.216.34/hook", "https://[2606:4700:4700::1111]/hook", "https://[64:ff9b::5db8:d822]/hook"])(
    "allows the public address %s",
    async (url) => {
      expect(await refuseTarget(url)).toBeNull();
    },
  );

  it("refuses at connect time a name that resolves to a private address, whatever a check before it saw", async () => {
    // What DNS rebinding would do: the name passed the check, then resolves to a private address for the connection.
    let hits = 0;
    const server = http.createServer((_req, res) => (hits++, res.end("ok")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://localhost:${(server.address() as AddressInfo).port}/hook`;
    try {
      const sent = fetch(url, { method: "POST", body: "{}", dispatcher: webhookAgent });
      await expect(sent).rejects.toMatchObject({ cause: { message: expect.stringMatching(/private, local or reserved address/) } });
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});
