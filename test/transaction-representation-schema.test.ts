import { describe, expect, it } from "vitest";
import type { TransactionView } from "@/db/queries/transactions";
import { env } from "@/lib/env";
import { createGatewaySetting } from "@/lib/gateways/create-gateway-setting";
import { fullRequest, representationExamples, smallestRequest } from "@/lib/openapi/openapi-examples";
import { representTransaction } from "@/lib/transactions/represent-transaction";
import { transactionRepresentationSchema } from "@/lib/transactions/transaction-representation-schema";
import { startCheckoutApi } from "./support/checkout-setup";

// The OpenAPI document describes responses with transactionRepresentationSchema (strict objects): these tests
// parse real representations with it, so a field added to or changed in representTransaction fails here.

const api = await startCheckoutApi();
await createGatewaySetting({ ctx: api.ctx, input: { code: "sandbox", name: "Sandbox card", pg: "sandbox", currencies: ["KWD"] } });

/** A response as the document's example would show it: example host and session id, example timestamps. */
function asExample(body: Record<string, unknown>, example: Record<string, unknown>) {
  const text = JSON.stringify(body)
    .replaceAll(env.APP_URL, "https://pay.example.com")
    .replaceAll(body.session_id as string, example.session_id as string);
  const { created_at, updated_at, expires_at, attachment } = example;
  return { ...JSON.parse(text), created_at, updated_at, expires_at, attachment };
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
        product_type: null, expiration_seconds: 90_000, expires_at: now, language: "en", email_recipients: [], extra: {},
        legacy: null, attachment_id: null, paid_amount: "5.5", captured_amount: "0", refunded_amount: "0", voided_amount: "0", held_amount: "0", deleted_at: null,
        created_by_api_key_id: null, created_by_user_id: null, created_at: now, updated_at: now,
      },
      decimals: 2,
      gateways: [{ code: "card", name: "Card", pg: "sandbox", is_sandbox: true, currencies: ["USD"], operation: "authorize", fee_fixed: "0.1", fee_percent: "1", icon_url: null, enabled: true }],
      default_redirect_url: null,
      attachment_token: null,
    } as unknown as TransactionView;
    const representation = representTransaction(view);
    expect(transactionRepresentationSchema.parse(representation)).toEqual(representation);
  });

  it("parses what create returns for the smallest and the full request, and the examples match it", async () => {
    for (const [request, example] of [
      [smallestRequest, representationExamples.smallest.value],
      [fullRequest, representationExamples.full.value],
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
    expect(transactionRepresentationSchema.parse(patched.body).notifications).toEqual({ email: ["paid"], sms: [] });
  });
});
