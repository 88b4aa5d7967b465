import type { Insertable, Updateable } from "kysely";
import type { Db } from "../client";
import type { SandboxPaymentsTable, SandboxStatus } from "../types";
import { SANDBOX_PAYMENT_COLUMNS } from "../columns";

/**
 * The payment as stored. `ignoreRepeat`: a payment sent again under the same reference keeps the first one, and
 * nothing is returned (findSandboxPayment reads the first).
 */
export function insertSandboxPayment(db: Db, row: Insertable<SandboxPaymentsTable>, options: { ignoreRepeat?: boolean } = {}) {
  const insert = db.insertInto("sandbox_payments").values(row);
  return (options.ignoreRepeat ? insert.onConflict((oc) => oc.column("reference_number").doNothing()) : insert).returning(SANDBOX_PAYMENT_COLUMNS).executeTakeFirst();
}

export function findSandboxPayment(db: Db, reference: string) {
  return db.selectFrom("sandbox_payments").select(SANDBOX_PAYMENT_COLUMNS).where("reference_number", "=", reference).executeTakeFirst();
}

/** Moves a sandbox payment on only from the statuses given: a second click or a late request changes nothing. */
export function moveSandboxPayment(
  db: Db,
  reference: string,
  from: SandboxStatus[],
  changes: Updateable<SandboxPaymentsTable>,
) {
  return db
    .updateTable("sandbox_payments")
    .set(changes)
    .where("reference_number", "=", reference)
    .where("status", "in", from)
    .returning(SANDBOX_PAYMENT_COLUMNS)
    .executeTakeFirst();
}
