import { createDecipheriv } from "node:crypto";
import { describe, expect, it } from "vitest";
import { KNET_HOSTS, knetPaymentPageUrl } from "@/lib/gateways/knet/payment-request";
import { readKnetResponse } from "@/lib/gateways/knet/payment-result";
import { encryptTrandata } from "@/lib/gateways/knet/trandata-cipher";

const CREDENTIALS = { tranportalId: "107701", password: "107701pg", resourceKey: "S9TN2371BAXP8Q35" };
const REQUEST = {
  amount: "10.500",
  trackId: "REF123",
  language: "en",
  responseUrl: "https://shop.example/b/checkout/gateway/knet/callback/",
  errorUrl: "https://shop.example/b/checkout/gateway/knet/return/",
  udf: ["REF123", "Café & Co = best!", null],
};

const decrypt = (hex: string) => {
  const key = Buffer.from(CREDENTIALS.resourceKey);
  const decipher = createDecipheriv("aes-128-cbc", key, key);
  return Buffer.concat([decipher.update(Buffer.from(hex, "hex")), decipher.final()]).toString("utf8");
};

describe("KNET payment request", () => {
  it("sends the customer to the test page with the request encrypted and the ids in clear", () => {
    const url = new URL(knetPaymentPageUrl(KNET_HOSTS.test, CREDENTIALS, REQUEST));
    expect(`${url.origin}${url.pathname}`).toBe("https://kpaytest.com.kw/kpg/PaymentHTTP.htm");
    expect(url.searchParams.get("param")).toBe("paymentInit");
    expect(url.searchParams.get("tranportalId")).toBe("107701");
    expect(url.searchParams.get("responseURL")).toBe(REQUEST.responseUrl);
    expect(url.searchParams.get("errorURL")).toBe(REQUEST.errorUrl);
    expect(url.search).not.toContain("107701pg");
    expect(decrypt(url.searchParams.get("trandata")!)).toBe(
      "id=107701&password=107701pg&action=1&langid=USA&currencycode=414&amt=10.500" +
        `&responseURL=${REQUEST.responseUrl}&errorURL=${REQUEST.errorUrl}&trackid=REF123` +
        "&udf1=REF123&udf2=Café  Co  best&udf3=&udf4=&udf5=",
    );
  });

  it("asks for the Arabic page for an Arabic customer, on the production host when told", () => {
    const url = new URL(knetPaymentPageUrl(KNET_HOSTS.production, CREDENTIALS, { ...REQUEST, language: "ar" }));
    expect(url.origin).toBe("https://kpay.com.kw");
    expect(decrypt(url.searchParams.get("trandata")!)).toContain("&langid=AR&");
  });
});

const posted = (fields: Record<string, string>) => ({
  paymentid: "100202412345678",
  trackid: "REF123",
  trandata: encryptTrandata(CREDENTIALS.resourceKey, new URLSearchParams(fields).toString()),
});
const RESULT = {
  paymentid: "100202412345678",
  trackid: "REF123",
  tranid: "202412345678901",
  ref: "412300001234",
  auth: "B12345",
  postdate: "1123",
  amt: "10.500",
  udf1: "REF123",
  authRespCode: "00",
};

describe("KNET result", () => {
  it("CAPTURED is a verified success, with KNET's fields kept", () => {
    const read = readKnetResponse(CREDENTIALS.resourceKey, posted({ ...RESULT, result: "CAPTURED" }));
    expect(read).toMatchObject({ verified: true, trackId: "REF123", result: { outcome: "success", message: null } });
    expect(read!.result.gatewayResponse).toMatchObject({
      result: "CAPTURED",
      paymentid: "100202412345678",
      tranid: "202412345678901",
      ref: "412300001234",
      auth: "B12345",
      postdate: "1123",
      responsecode: "00",
      udf1: "REF123",
      udf2: null,
    });
  });

  it("CANCELED is canceled; NOT CAPTURED and other words are declined with the word as message", () => {
    const outcome = (result: string) => readKnetResponse(CREDENTIALS.resourceKey, posted({ ...RESULT, result }))!.result;
    expect(outcome("CANCELED")).toMatchObject({ outcome: "canceled", message: "CANCELED" });
    expect(outcome("NOT CAPTURED")).toMatchObject({ outcome: "declined", message: "NOT CAPTURED" });
    expect(outcome("DENIED BY RISK")).toMatchObject({ outcome: "declined", message: "DENIED BY RISK" });
  });

  it("an error before processing is an unverified error with KNET's text", () => {
    const read = readKnetResponse(CREDENTIALS.resourceKey, { Error: "IPAY0100044", ErrorText: "Problem occured while loading default institution configuration", trackid: "REF123" });
    expect(read).toMatchObject({ verified: false, trackId: "REF123", result: { outcome: "error", message: expect.stringContaining("Problem occured") } });
  });

  it("gives null for a trandata another key made, one without result or trackid, and an empty post", () => {
    const forged = { trackid: "REF123", trandata: encryptTrandata("0000000000000000", new URLSearchParams({ ...RESULT, result: "CAPTURED" }).toString()) };
    expect(readKnetResponse(CREDENTIALS.resourceKey, forged)).toBeNull();
    expect(readKnetResponse(CREDENTIALS.resourceKey, posted({ trackid: "REF123" }))).toBeNull();
    expect(readKnetResponse(CREDENTIALS.resourceKey, {})).toBeNull();
  });
});
