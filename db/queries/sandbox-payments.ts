import type { Insertable, Updateable } from "kysely";
import type { Db } from "../client";
import type { SandboxPaymentsTable, SandboxStatus } from "../types";
import { SANDBOX_PAYMENT_COLUMNS } from "../columns";
import { builtOnce } from "../compiled-once";

/**
 * The payment as stored. `ignoreRepeat`: a payment sent again under the same reference keeps the first one, and
 * nothing is returned (findSandboxPayment reads the first).
 */
export function insertSandboxPayment(db: Db, row: Insertable<SandboxPaymentsTable>, options: { ignoreRepeat?: boolean } = {}) {
  const insert = db.insertInto("sandbox_payments").values(row);
  return (options.ignoreRepeat ? insert.onConflict((oc) => oc.column("reference_number").doNothing()) : insert).returning(SANDBOX_PAYMENT_COLUMNS).executeTakeFirst();
}

// The card page, its form and the gateway's return each read the payment: built by kysely once (db/compiled-once.ts).
const sandboxPayment = builtOnce((db, reference: string) =>
  db.selectFrom("sandbox_payments").select(SANDBOX_PAYMENT_COLUMNS).where("reference_number", "=", reference),
);

export async function findSandboxPayment(db: Db, reference: string) {
  const [payment] = await sandboxPayment(db, reference);
  return payment;
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
