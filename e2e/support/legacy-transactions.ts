import { type APIRequestContext, expect } from "@playwright/test";
import { readApiKey } from "./credentials";
import { withDatabase } from "./database";
import { type CreatedTransaction, orderNo } from "./payments";

// Legacy transactions for the page-option specs, made the way old shop plugins make them (a form POST to
// /pos/crt/), and what the e2e server's own embedded database holds of them afterwards.

/** An e-commerce transaction over POST /pos/crt/ with the API key, as a plugin creates it; `fields` override the defaults. */
export async function postLegacyTransaction(request: APIRequestContext, fields: Record<string, unknown>): Promise<CreatedTransaction> {
  const res = await request.post("/pos/crt/", {
    headers: { Authorization: `Api-Key ${readApiKey()}` },
    data: {
      amount: "86",
      currency_code: "KWD",
      gateway_code: "sandbox",
      order_no: orderNo(),
      // Nobody listens there: the customer stays on our response page after paying.
      disclosure_url: "http://127.0.0.1:9/disclosure",
      redirect_url: "http://127.0.0.1:9/back",
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CreatedTransaction;
}

/** A transaction with the page options: `fields` in checkout terms (billing_address), `options` the page flags. */
export function createLegacyTransaction(
  request: APIRequestContext,
  fields: { billing_address?: Record<string, string>; language?: string },
  options: { capture_address?: boolean; capture_delivery?: boolean },
): Promise<CreatedTransaction> {
  const address = Object.fromEntries(Object.entries(fields.billing_address ?? {}).map(([key, value]) => [`customer_address_${key}`, value]));
  return postLegacyTransaction(request, {
    language: fields.language ?? "en",
    capture_address: String(options.capture_address ?? false),
    capture_delivery: String(options.capture_delivery ?? false),
    ...address,
  });
}

/** What the transaction holds now: its billing address and legacy keys. */
export function storedTransaction(sessionId: string): Promise<{ billing_address: Record<string, string> | null; legacy: Record<string, unknown> }> {
  return withDatabase(async (db) => (await db.query("SELECT billing_address, legacy FROM transactions WHERE session_id = $1", [sessionId])).rows[0]);
}
