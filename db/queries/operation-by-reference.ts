import type { Db } from "../client";

/** A money operation by its reference at the gateway, with the gateway_response of the payment it acts on. */
export function findOperationByReference(db: Db, reference: string) {
  return db
    .selectFrom("operations as o")
    .innerJoin("payment_attempts as a", "a.id", "o.attempt_id")
    .select(["o.kind", "o.reference_number", "a.reference_number as payment_reference", "a.gateway_response"])
    .where("o.reference_number", "=", reference)
    .executeTakeFirst();
}
