import { sql } from "kysely";
import type { Db } from "../client";
import type { Address } from "../types";

/**
 * Stores what the customer gave on a legacy transaction's payment page, in one statement: the address into
 * billing_address (with the time under legacy.address_captured_at), the delivery location under
 * legacy.delivery_location. The other legacy keys stay.
 */
export function storePageFields(
  db: Db,
  sessionId: string,
  fields: { address: Address | null; location: { latitude: number; longitude: number } | null; at: Date },
) {
  const patch = {
    ...(fields.address ? { address_captured_at: fields.at.toISOString() } : {}),
    ...(fields.location ? { delivery_location: fields.location } : {}),
  };
  return db
    .updateTable("transactions")
    .set({
      ...(fields.address ? { billing_address: JSON.stringify(fields.address) } : {}),
      legacy: sql`coalesce(legacy, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`,
      updated_at: fields.at,
    })
    .where("session_id", "=", sessionId)
    .execute();
}
