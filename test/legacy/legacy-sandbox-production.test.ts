import { beforeAll, describe, expect, it } from "vitest";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { EC, PR, eCommerce, paymentRequest, startLegacyApi } from "../support/legacy-api";

// The legacy /pos/ create never mixes sandbox and production gateways either (the checkout's own check, named
// gateway_code): a payment request without gateway_code takes the production gateways that take the currency,
// and the sandbox ones only where no production one does. card, knet (KWD) and usd-only (USD) are sandbox
// settings; live (KWD) and live-auth (KWD, authorize) production ones.

let api: Awaited<ReturnType<typeof startLegacyApi>>;
beforeAll(async () => {
  api = await startLegacyApi();
  await createGatewaySetting({ ctx: api.ctx, input: { code: "live", name: "Live card", pg: "sandbox", currencies: ["KWD"], isSandbox: false } });
  await createGatewaySetting({ ctx: api.ctx, input: { code: "live-auth", pg: "sandbox", currencies: ["KWD"], operation: "authorize", isSandbox: false } });
});

describe("a payment request without gateway_code", () => {
  it("takes every production gateway that takes the currency, and no sandbox one beside them", async () => {
    const res = await api.postJson(PR, paymentRequest(api.initiatorId));
    expect(res.status, res.text).toBe(201);
    expect((await api.row(res.body.session_id)).pg_codes).toEqual(["live", "live-auth"]);
  });

  it("takes the sandbox gateways only where no production gateway takes the currency", async () => {
    const res = await api.postJson(PR, paymentRequest(api.initiatorId, { currency_code: "USD" }));
    expect(res.status, res.text).toBe(201);
    expect((await api.row(res.body.session_id)).pg_codes).toEqual(["card", "usd-only"]);
  });

  it("for a Basic user limited to a sandbox gateway: that gateway (the production ones are not theirs)", async () => {
    const res = await api.postJson(PR, paymentRequest(api.initiatorId), { authorization: api.basic });
    expect(res.status, res.text).toBe(201);
    expect((await api.row(res.body.session_id)).pg_codes).toEqual(["card"]);
  });
});

describe("with gateway_code", () => {
  it("takes the one gateway named, of either kind", async () => {
    for (const [path, body] of [
      [EC, eCommerce({ gateway_code: "live" })],
      [EC, eCommerce({ gateway_code: "card" })],
      [PR, paymentRequest(api.initiatorId, { gateway_code: "live" })],
      [PR, paymentRequest(api.initiatorId, { gateway_code: "knet" })],
    ] as const) {
      const res = await api.postJson(path, body);
      expect(res.status, res.text).toBe(201);
      expect((await api.row(res.body.session_id)).pg_codes).toEqual([(body as { gateway_code: string }).gateway_code]);
    }
  });
});
