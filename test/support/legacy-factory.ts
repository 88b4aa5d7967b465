import { sql } from "kysely";
import type { Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { newTransaction } from "./payment-flow";

/**
 * A legacy transaction as the legacy create endpoint stores it (the contract between the legacy helpers:
 * interface 'legacy', type = the variant, the `legacy` jsonb with the variant and, for e-commerce, both page
 * options): made through the checkout verb (currency, gateway, expiry as usual), then given the legacy columns.
 * `fields`: checkout fields of the row (billing_address, language…); `legacy`: keys of the legacy jsonb;
 * `disclosureUrl`: where its result goes.
 */
export async function legacyTransaction(
  ctx: Ctx,
  caller: Caller,
  { fields = {}, legacy = {}, disclosureUrl = null }: { fields?: Record<string, unknown>; legacy?: Record<string, unknown>; disclosureUrl?: string | null } = {},
): Promise<string> {
  const sessionId = await newTransaction(ctx, caller, { type: "e_commerce", ...fields });
  const stored = { variant: "e_commerce", capture_address: false, capture_delivery: false, ...legacy };
  // interface is not writable through the query builder's types (nothing else ever changes it).
  await sql`UPDATE transactions SET interface = 'legacy', webhook_url = NULL, disclosure_url = ${disclosureUrl},
      legacy = ${JSON.stringify(stored)}::jsonb
    WHERE session_id = ${sessionId}`.execute(ctx.db);
  return sessionId;
}
