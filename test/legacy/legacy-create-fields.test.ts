import { beforeAll, describe, expect, it } from "vitest";
import { call, countRows, files, multipart } from "../support/checkout-samples";
import { EC, PR, eCommerce, paymentRequest, startLegacyApi } from "../support/legacy-api";

// Every field of the legacy request table with its limits, per variant (checkout-interface.md, "Legacy payment
// request" and "Limits"): each value over a limit is a 400 naming the field and the limit, and stores nothing;
// each value at the limit is accepted.

let api: Awaited<ReturnType<typeof startLegacyApi>>;
beforeAll(async () => {
  api = await startLegacyApi();
});

const chars = (n: number, c = "a") => c.repeat(n);
const url = (length: number) => `https://shop.example/${chars(length - "https://shop.example/".length)}`;
const body = (variant: "e_commerce" | "payment_request", extra: Record<string, unknown>) =>
  variant === "e_commerce" ? eCommerce(extra) : paymentRequest(api.initiatorId, extra);
const path = (variant: "e_commerce" | "payment_request") => (variant === "e_commerce" ? EC : PR);

/** Posts the variant's smallest request with `extra`; expects exactly `{field: [message]}` and nothing stored. */
async function expectRefused(variant: "e_commerce" | "payment_request", extra: Record<string, unknown>, field: string, message: string) {
  const before = await countRows(api.ctx, "transactions");
  const res = await api.postJson(path(variant), body(variant, extra));
  expect(res.status, res.text).toBe(400);
  expect(res.body).toEqual({ [field]: [message] });
  expect(await countRows(api.ctx, "transactions")).toBe(before);
}

async function expectAccepted(variant: "e_commerce" | "payment_request", extra: Record<string, unknown>) {
  const res = await api.postJson(path(variant), body(variant, extra));
  expect(res.status, res.text).toBe(201);
  return api.row(res.body.session_id);
}

const max = (n: number) => `Ensure this field has no more than ${n} characters.`;
const BOTH = ["e_commerce", "payment_request"] as const;

describe.each(BOTH)("limits of a %s", (variant) => {
  it.each([
    ["customer_phone", chars(17, "1"), max(16)],
    ["customer_phone", "+9655000000000000", max(16)],
    ["customer_phone", "965-5000-0000", "Enter an international number: digits with their country prefix, optionally after +."],
    ["customer_address_city", chars(41), max(40)],
    ["customer_address_state", chars(41), max(40)],
    ["customer_address_postal_code", chars(13, "1"), max(12)],
    ["customer_address_postal_code", 1234567890123, max(12)],
    ["customer_address_postal_code", "1300A", "Enter the postal code as digits only."],
    ["vendor_name", chars(65), max(64)],
    ["redirect_url", url(201), "Ensure this URL has at most 200 characters."],
    ["disclosure_url", url(201), "Ensure this URL has at most 200 characters."],
    ["redirect_url", "ftp://shop.example/return", "Enter a valid absolute URL starting with http:// or https://."],
    ["disclosure_url", "shop.example/result", "Enter a valid absolute URL starting with http:// or https://."],
    ["order_no", chars(129), max(128)],
    ["currency_code", "KWDD", max(3)],
    ["currency_code", "K1D", "Enter a 3-letter ISO 4217 code, letters only, for example KWD."],
    ["currency_code", "KW", "Enter a 3-letter ISO 4217 code, letters only, for example KWD."],
    ["language", "eng", max(2)],
    ["language", "fr", "Allowed languages: en, ar."],
    ["customer_email", "sara@", "Enter a valid email address."],
    ["email_recipients", "ops@shop.example, nope", "Enter a valid email address."],
    ["email_recipients", Array.from({ length: 21 }, (_, i) => `r${i}@shop.example`).join(","), "Give at most 20 e-mail recipients."],
    ["amount", "0", "Ensure this value is greater than 0."],
    ["amount", "-5", "Ensure this value is greater than 0."],
    ["amount", "ten", 'Enter a positive decimal number with at most 12 digits before the point, for example "12.500".'],
    ["amount", "10.1234", "Ensure that there are no more than 3 decimal places for KWD."],
    ["gateway_code", chars(65), max(64)],
    ["gateway_code", "   ", "This field may not be blank."],
    ["email_notification", "maybe", "Must be a boolean: true or false."],
    ["sms_payment_details", 2, "Must be a boolean: true or false."],
  ])("%s %j → 400", async (field, value, message) => {
    await expectRefused(variant, { [field]: value }, field, message);
  });

  it("accepts every value at its limit", async () => {
    const row = await expectAccepted(variant, {
      customer_phone: `+${chars(15, "9")}`,
      customer_address_city: chars(40, "c"),
      customer_address_state: chars(40, "s"),
      customer_address_postal_code: chars(12, "1"),
      vendor_name: chars(64, "v"),
      redirect_url: url(200),
      disclosure_url: url(200),
      order_no: chars(128, variant === "e_commerce" ? "e" : "p"),
      currency_code: "kwd",
      language: "Ar",
      email_recipients: Array.from({ length: 20 }, (_, i) => `r${i}@shop.example`).join(","),
      amount: "999999999999.999",
      customer_first_name: chars(300, "f"),
      customer_last_name: chars(300, "l"),
      full_name: chars(300, "n"),
      customer_address_line1: chars(300, "1"),
      customer_address_line2: chars(300, "2"),
    });
    expect(row).toMatchObject({
      customer_phone: `+${chars(15, "9")}`,
      billing_address: expect.objectContaining({ city: chars(40, "c"), postal_code: chars(12, "1"), line1: chars(300, "1") }),
      redirect_url: url(200),
      disclosure_url: url(200),
      currency_code: "KWD",
      language: "ar",
      amount: "999999999999.999000",
    });
    expect(row.email_recipients).toHaveLength(20);
    expect(row.legacy).toMatchObject({ full_name: chars(300, "n") });
  });

  it("takes a phone given as a JSON number, and 16 digits without +", async () => {
    expect(await expectAccepted(variant, { customer_phone: 96550000000 })).toMatchObject({ customer_phone: "96550000000" });
    expect(await expectAccepted(variant, { customer_phone: chars(16, "0") })).toMatchObject({ customer_phone: chars(16, "0") });
  });

  it.each([
    ["email_notification", "customer_email", "the payment link"],
    ["email_payment_details", "customer_email", "the payment result"],
    ["sms_notification", "customer_phone", "the payment link"],
    ["sms_payment_details", "customer_phone", "the payment result"],
  ])("%s needs %s", async (flag, contact, what) => {
    // A payment request always has its (required) customer_email: drop it to see the flag's own error beside "required".
    const res = await api.postJson(path(variant), { ...body(variant, { [flag]: "true" }), [contact]: undefined });
    expect(res.status).toBe(400);
    expect(res.body[flag]).toEqual([`${contact} is required when ${flag} is on: it is where ${what} goes.`]);
  });

  it("a flag left off, or on with its contact given, needs nothing more", async () => {
    await expectAccepted(variant, { email_notification: "false", sms_payment_details: 0 });
    await expectAccepted(variant, { sms_notification: "YES", customer_phone: "96550000000", email_payment_details: true, customer_email: "s@example.com" });
  });
});

describe("booleans", () => {
  it.each([
    ["true", true],
    ["TRUE", true],
    ["1", true],
    ["on", true],
    ["On", true],
    ["yes", true],
    ["Yes", true],
    ["false", false],
    ["False", false],
    ["0", false],
    ["off", false],
    ["OFF", false],
    ["no", false],
    ["NO", false],
  ])("a form value %j reads as %s", async (value, expected) => {
    const res = await api.postForm(EC, {
      ...eCommerce(),
      capture_address: value,
      email_notification: value,
      customer_email: "sara@example.com",
    });
    expect(res.status, res.text).toBe(201);
    const row = await api.row(res.body.session_id);
    expect(row.legacy).toMatchObject({ capture_address: expected, flags: { email_notification: expected } });
  });

  it("JSON true/false and 1/0 too", async () => {
    const row = await expectAccepted("e_commerce", { capture_delivery: 1, capture_address: false, sms_notification: true, customer_phone: "96550000000" });
    expect(row.legacy).toMatchObject({ capture_delivery: true, capture_address: false, flags: { sms_notification: true } });
  });
});

describe("e-commerce only", () => {
  it.each([
    ["customer_address_country", "KWT", max(2)],
    ["customer_address_country", "XX", "Enter an existing ISO 3166-1 alpha-2 country code, for example KW."],
    ["product_type", chars(129), max(128)],
    ["extra", "not json", "Must be a JSON object."],
    ["extra", "[1,2]", "Must be a JSON object."],
    ["extra", { blob: chars(16_400) }, "Ensure extra is at most 16 KiB of JSON."],
    ["capture_address", "sometimes", "Must be a boolean: true or false."],
  ])("%s %j → 400", async (field, value, message) => {
    await expectRefused("e_commerce", { [field]: value }, field, message);
  });

  it("takes a country in any case (stored upper-case) and a product type of 128", async () => {
    const row = await expectAccepted("e_commerce", { customer_address_country: "sa", product_type: chars(128, "p") });
    expect(row).toMatchObject({ billing_address: { country: "SA" }, product_type: chars(128, "p") });
  });

  it.each([["amount"], ["gateway_code"], ["currency_code"]])("requires %s", async (field) => {
    await expectRefused("e_commerce", { [field]: undefined }, field, "This field is required.");
    await expectRefused("e_commerce", { [field]: "" }, field, "This field is required.");
    await expectRefused("e_commerce", { [field]: null }, field, "This field is required.");
  });
});

describe("payment request only", () => {
  it("takes any country name up to 40 characters, and refuses 41", async () => {
    const row = await expectAccepted("payment_request", { customer_address_country: chars(40, "k") });
    expect(row.billing_address).toEqual({ country: chars(40, "k") });
    await expectRefused("payment_request", { customer_address_country: chars(41, "k") }, "customer_address_country", max(40));
  });

  it.each([["amount"], ["currency_code"], ["customer_email"], ["initiator"]])("requires %s", async (field) => {
    await expectRefused("payment_request", { [field]: undefined }, field, "This field is required.");
  });

  it("needs no gateway_code, and refuses one it cannot use", async () => {
    await expectAccepted("payment_request", { gateway_code: undefined });
    await expectRefused("payment_request", { gateway_code: "nope" }, "gateway_code", "Unknown gateway code or not allowed for you: nope.");
  });
});

describe("attachment (payment requests), checked by content", () => {
  const send = (filename: string, contentType: string, content: Buffer) => {
    const { body: payload, contentType: type } = multipart([
      ...Object.entries(paymentRequest(api.initiatorId)).map(([name, value]) => ({ name, value: String(value) })),
      { name: "attachment", filename, contentType, content },
    ]);
    return call(api.base, "POST", PR, { body: payload, headers: { "content-type": type, authorization: api.apiKey } });
  };

  it.each([
    ["invoice.pdf", "application/pdf", files.pdf, "application/pdf"],
    ["photo.png", "image/png", files.png, "image/png"],
    ["photo.jpeg", "image/jpeg", files.jpeg, "image/jpeg"],
    ["photo.JPG", "image/jpeg", files.jpeg, "image/jpeg"],
    ["letter.doc", "application/msword", files.doc, "application/msword"],
    ["letter.docx", "application/octet-stream", files.docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("accepts %s", async (filename, sentType, content, storedType) => {
    const res = await send(filename, sentType, content);
    expect(res.status, res.text).toBe(201);
    const row = await api.row(res.body.session_id);
    const stored = await api.ctx.db.selectFrom("attachments").select(["file_name", "content_type"]).where("id", "=", row.attachment_id!).executeTakeFirstOrThrow();
    expect(stored).toEqual({ file_name: filename, content_type: storedType });
  });

  it.each([
    ["notes.txt", "text/plain", Buffer.from("hello"), "The attachment's content is not an allowed type. Allowed: pdf, jpeg, png, doc, docx."],
    ["fake.pdf", "application/pdf", Buffer.from("<html>not a pdf</html>"), "The attachment's content is not an allowed type. Allowed: pdf, jpeg, png, doc, docx."],
    ["photo.pdf", "application/pdf", files.png, "The file name must end in .png for this content. Allowed: pdf, jpeg, png, doc, docx."],
    ["empty.pdf", "application/pdf", Buffer.alloc(0), "The attachment is empty."],
  ])("refuses %s, storing nothing", async (filename, contentType, content, message) => {
    const before = { transactions: await countRows(api.ctx, "transactions"), attachments: await countRows(api.ctx, "attachments") };
    const res = await send(filename, contentType, content);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ attachment: [message] });
    expect({ transactions: await countRows(api.ctx, "transactions"), attachments: await countRows(api.ctx, "attachments") }).toEqual(before);
  });
});
