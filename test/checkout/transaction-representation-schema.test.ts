import { describe, expect, it } from "vitest";
import type { AttemptView, TransactionView } from "@/db/queries/transactions";
import { env } from "@/lib/core/env";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";
import { fullRequest, representationExamples, smallestRequest } from "@/lib/openapi/openapi-examples";
import { representTransaction } from "@/lib/checkout/transactions/represent-transaction";
import { transactionRepresentationSchema } from "@/lib/checkout/transactions/transaction-representation-schema";
import { startCheckoutApi } from "../support/checkout-setup";

// The OpenAPI document describes responses with transactionRepresentationSchema (strict objects): these tests
// parse real representations with it, so a field added to or changed in representTransaction fails here.

const api = await startCheckoutApi();
await createGatewaySetting({ ctx: api.ctx, input: { code: "sandbox", name: "Sandbox card", pg: "sandbox", currencies: ["KWD"] } });

/** A response as the document's example would show it: example host and session id, example timestamps and random codes. */
function asExample(body: Record<string, unknown>, example: Record<string, unknown>) {
  const text = JSON.stringify(body)
    .replaceAll(env.APP_URL, "https://pay.example.com")
    .replaceAll(body.session_id as string, example.session_id as string);
  const { created_at, updated_at, expires_at, attachment, checkout_short_url, qr_code_url } = example;
  // Links: only whether there is one; its random code is the example's.
  expect([body.checkout_short_url !== null, body.qr_code_url !== null]).toEqual([checkout_short_url !== null, qr_code_url !== null]);
  const shown = { ...JSON.parse(text), created_at, updated_at, expires_at, attachment, checkout_short_url, qr_code_url };
  // The SDK's setup carries the same deadline, and the seconds left when it was made.
  const preload = example.sdk_setup_preload_payload as Record<string, unknown> | undefined;
  if (preload) shown.sdk_setup_preload_payload = { ...shown.sdk_setup_preload_payload, expires_at, expires_in_seconds: preload.expires_in_seconds };
  return shown;
}

describe("transaction representation schema", () => {
  it("parses a representation built from a stored-looking row with every optional field empty", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    const view = {
      txn: {
        session_id: "a".repeat(40), type: "payment_request", mode: "payment", interface: "checkout", state: "paid",
        operation: "authorize", amount: "5.5", currency_code: "USD", pg_codes: ["card", "gone"], customer_id: null,
        customer_first_name: null, customer_last_name: null, customer_email: null, customer_phone: null, billing_address: null,
        order_no: null, notifications: {}, webhook_url: null, redirect_url: null, disclosure_url: null, vendor_name: null,
        product_type: null, expiration_seconds: 90_000, expires_at: now, language: "en", email_recipients: [], extra: {}, payment_type: "one_off", agreement: null,
        legacy: null, attachment_id: null, paid_amount: "5.5", captured_amount: "0", refunded_amount: "0", voided_amount: "0", held_amount: "0", deleted_at: null,
        created_by_api_key_id: null, created_by_user_id: null, created_at: now, updated_at: now,
        shipping_address: null, customer_phone_2: null, customer_birthdate: null, due_datetime: null, card_acceptance_criteria: null,
        include_sdk_setup_preload: false,
      },
      decimals: 2,
      gateways: [{ code: "card", name: "Card", pg: "sandbox", is_sandbox: true, currencies: ["USD"], operation: "authorize", fee_fixed: "0.1", fee_percent: "1", icon_url: null, enabled: true }],
      default_redirect_url: null,
      attachment_token: null,
      links: {},
      attempts: [],
    } as unknown as TransactionView;
    const representation = representTransaction(view);
    expect(transactionRepresentationSchema.parse(representation)).toEqual(representation);
    expect(representation).toMatchObject({ reference_number: null, settled_pg_code: null, attempts: [] });
  });

  it("parses a representation with attempts: card brand and last four digits only, the settling attempt's reference", () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
    const attempt = (reference: string, state: string, extra: Partial<AttemptView> = {}): AttemptView => ({
      reference_number: reference, state, gateway_code: "card", amount: "5.6", is_duplicate: false,
      card_brand: "Visa", card_masked: "•••• 1111", message: null, decline_response: null, created_at: at(1), completed_at: at(2), ...extra,
    });
    const view = {
      txn: {
        session_id: "b".repeat(40), type: "e_commerce", mode: "payment", interface: "checkout", state: "paid",
        operation: "purchase", amount: "5.5", currency_code: "USD", pg_codes: ["card"], customer_id: null,
        customer_first_name: null, customer_last_name: null, customer_email: null, customer_phone: null, billing_address: null,
        order_no: null, notifications: {}, webhook_url: null, redirect_url: null, disclosure_url: null, vendor_name: null,
        product_type: null, expiration_seconds: 3600, expires_at: at(60), language: "en", email_recipients: [], extra: {}, payment_type: "one_off", agreement: null,
        legacy: null, attachment_id: null, paid_amount: "5.6", captured_amount: "0", refunded_amount: "0", voided_amount: "0", held_amount: "0", deleted_at: null,
        created_by_api_key_id: null, created_by_user_id: null, created_at: at(0), updated_at: at(3),
        shipping_address: null, customer_phone_2: null, customer_birthdate: null, due_datetime: null, card_acceptance_criteria: null,
        include_sdk_setup_preload: false,
      },
      decimals: 2,
      gateways: [],
      default_redirect_url: null,
      attachment_token: null,
      links: {},
      attempts: [
        attempt("CK0000000000000001", "declined", { card_masked: "•••• 0002", message: "Insufficient funds" }),
        attempt("CK0000000000000002", "superseded", { card_brand: null, card_masked: null, completed_at: null }),
        attempt("CK0000000000000003", "success"),
        attempt("CK0000000000000004", "success", { is_duplicate: true, card_masked: "4111111111111111" }),
        attempt("CK0000000000000005", "pending", { card_brand: "Visa", card_masked: "••••", completed_at: null }),
      ],
    } as unknown as TransactionView;
    const representation = representTransaction(view);
    expect(transactionRepresentationSchema.parse(representation)).toEqual(representation);
    expect(representation.reference_number).toBe("CK0000000000000003");
    // The gateway of that same attempt, not of the later duplicate or the pending one.
    expect(representation.settled_pg_code).toBe("card");
    expect(representation.attempts.map((a) => [a.reference_number, a.state, a.card, a.message, a.completed_at])).toEqual([
      ["CK0000000000000001", "declined", { brand: "Visa", last4: "0002" }, "Insufficient funds", "2026-01-01T12:02:00.000Z"],
      ["CK0000000000000002", "superseded", null, null, null],
      ["CK0000000000000003", "success", { brand: "Visa", last4: "1111" }, null, "2026-01-01T12:02:00.000Z"],
      ["CK0000000000000004", "success", { brand: "Visa", last4: "1111" }, null, "2026-01-01T12:02:00.000Z"],
      ["CK0000000000000005", "pending", null, null, null],
    ]);
    expect(representation.attempts[0]).toEqual({
      reference_number: "CK0000000000000001", state: "declined", gateway_code: "card", amount: "5.60", is_duplicate: false,
      card: { brand: "Visa", last4: "0002" }, message: "Insufficient funds", created_at: "2026-01-01T12:01:00.000Z", completed_at: "2026-01-01T12:02:00.000Z",
    });
    expect(representation.attempts[3]!.is_duplicate).toBe(true);
    // Neither a full card number (even one stored where the masked number should be) nor the masked text goes out.
    expect(JSON.stringify(representation)).not.toContain("4111111111111111");
    expect(JSON.stringify(representation)).not.toContain("••••");
  });

  it("parses what create returns for the smallest and the full request, and the examples match it", async () => {
    for (const [request, example] of [
      [smallestRequest, representationExamples.smallest.value],
      [fullRequest, representationExamples.fullCreated.value],
    ] as const) {
      const res = await api.create(request);
      expect(res.status).toBe(201);
      transactionRepresentationSchema.parse(res.body);
      expect(asExample(res.body, example)).toEqual(example);
    }
  });

  it("parses what read and update return, with an attachment", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(smallestRequest)) form.append(key, Array.isArray(value) ? value[0]! : value);
    form.append("attachment", new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "invoice.pdf", { type: "application/pdf" }));
    const created = await fetch(api.url, { method: "POST", headers: { authorization: api.apiKey }, body: form });
    expect(created.status).toBe(201);
    const { session_id: sessionId, attachment } = transactionRepresentationSchema.parse(await created.json());
    expect(attachment).toMatch(/\/b\/checkout\/v1\/attachments\//);

    const read = await api.send("GET", `/b/checkout/v1/pymt-txn/${sessionId}`);
    transactionRepresentationSchema.parse(read.body);
    const patched = await api.send("PATCH", `/b/checkout/v1/pymt-txn/${sessionId}`, { customer_email: "sara@example.com", notifications: { email: ["Paid"] } });
    expect(patched.status).toBe(200);
    expect(transactionRepresentationSchema.parse(patched.body).notifications).toEqual({ email: ["paid"], sms: [], whatsapp: [] });
  });
});
