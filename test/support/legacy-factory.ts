import { sql } from "kysely";
import type { Caller } from "@/lib/auth/permissions";
import type { Ctx } from "@/lib/context";
import { newTransaction } from "./payment-flow";

export interface LegacyFields {
  /** Checkout fields the legacy row shares (amount, currency_code, pg_codes, customer_*, billing_address, …). */
  fields?: Record<string, unknown>;
  disclosureUrl: string;
  variant?: "e_commerce" | "payment_request";
  /** The `legacy` jsonb keys besides `variant` (full_name, bulk_id, delivery_location, …). */
  legacy?: Record<string, unknown>;
}

/**
 * A legacy transaction as POST /pos/crt/ stores it (the legacy helpers' contract): an ordinary transaction row
 * with interface 'legacy', its variant as type, disclosure_url, no webhook_url and the `legacy` jsonb. Made by
 * the checkout verb and then marked legacy, until the legacy create endpoint is there to make it.
 */
export async function createLegacyTransaction(ctx: Ctx, caller: Caller, input: LegacyFields): Promise<string> {
  const sessionId = await newTransaction(ctx, caller, input.fields);
  const variant = input.variant ?? "e_commerce";
  const legacy = { variant, ...(variant === "e_commerce" ? { capture_address: false, capture_delivery: false } : {}), ...input.legacy };
  await sql`
    UPDATE transactions
    SET interface = 'legacy', type = ${variant}, disclosure_url = ${input.disclosureUrl}, webhook_url = NULL,
      legacy = ${JSON.stringify(legacy)}::jsonb
    WHERE session_id = ${sessionId}`.execute(ctx.db);
  return sessionId;
}
