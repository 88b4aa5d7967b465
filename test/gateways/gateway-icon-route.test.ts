import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/icons/gateways/[code]/route";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { listPaymentMethods } from "@/lib/checkout/payment-methods/list-payment-methods";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";
import { env } from "@/lib/core/env";
import { createCurrency, createKey } from "../support/factories";
import { testContext } from "../support/test-context";

// An uploaded gateway icon is served at /icons/gateways/{code} with the type found from its content, never
// sniffed, cached briefly; the API's icon and logo point there when no icon URL is set.

const ctx = testContext();
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 1, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(40, 7)]);
const get = (code: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost/icons/gateways/${code}`, { headers }), { params: Promise.resolve({ code }) });

describe("the gateway icon route", () => {
  beforeAll(async () => {
    await createCurrency(ctx, { code: "KWD" });
    await createGatewaySetting({ ctx, input: { code: "iconic", pg: "sandbox", currencies: ["KWD"], icon: WEBP } });
    await createGatewaySetting({ ctx, input: { code: "plain", pg: "sandbox", currencies: ["KWD"] } });
  });

  it("serves an uploaded icon with its type, nosniff and cache headers, and answers 304 to its ETag", async () => {
    const response = await get("iconic");
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/webp",
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=300",
      "content-security-policy": "default-src 'none'; sandbox",
      etag: expect.stringMatching(/^"[\w-]{22}"$/),
    });
    expect(Buffer.from(await response.arrayBuffer())).toEqual(WEBP);

    const again = await get("iconic", { "if-none-match": response.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it.each([
    ["an unknown code", "nobody"],
    ["a gateway without an uploaded icon", "plain"],
    ["a code no gateway can have", "..%2F..%2Fetc"],
  ])("answers 404 for %s", async (_what, code) => {
    const response = await get(code);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("an uploaded icon", () => {
  it("that is empty is refused by the verb (the panel takes an empty file input for no upload)", async () => {
    await expect(createGatewaySetting({ ctx, input: { code: "empty", pg: "sandbox", currencies: ["KWD"], icon: new Uint8Array(0) } })).rejects.toMatchObject({
      fields: { icon: ["The icon file is empty."] },
    });
  });
});

describe("the API's gateway icons", () => {
  it("point at the uploaded icon, unless an icon URL is set", async () => {
    await createCurrency(ctx, { code: "USD", decimals: 2 });
    await createGatewaySetting({ ctx, input: { code: "uploaded", pg: "sandbox", currencies: ["USD"], icon: WEBP } });
    await createGatewaySetting({ ctx, input: { code: "linked", pg: "sandbox", currencies: ["USD"], icon: WEBP, iconUrl: "https://cdn.example/linked.png" } });
    const key = await createKey(ctx);
    const caller = { kind: "api_key" as const, id: String(key.id), name: key.name };

    const { body } = await createTransaction({ ctx, input: { caller, fields: { amount: "1", currency_code: "USD", pg_codes: ["uploaded"] }, files: {} } });
    expect((body as { payment_methods: { icon: string }[] }).payment_methods[0]!.icon).toBe(`${env.APP_URL}/icons/gateways/uploaded`);

    const methods = await listPaymentMethods({ ctx, input: { caller, fields: { plugin: "e_commerce", currencies: ["USD"], type: "sandbox" } } });
    expect(Object.fromEntries(methods.payment_methods.map((m) => [m.code, m.logo]))).toEqual({
      uploaded: `${env.APP_URL}/icons/gateways/uploaded`,
      linked: "https://cdn.example/linked.png",
    });
  });
});
