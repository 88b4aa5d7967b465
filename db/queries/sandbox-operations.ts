import type { Insertable } from "kysely";
import type { Db } from "../client";
import type { SandboxOperationsTable } from "../types";

export function findSandboxOperation(db: Db, reference: string) {
  return db.selectFrom("sandbox_operations").selectAll().where("reference_number", "=", reference).executeTakeFirst();
}

/** The payment's operations the sandbox approved or is still processing (refused ones moved no money). */
export function listLiveSandboxOperations(db: Db, paymentReference: string) {
  return db
    .selectFrom("sandbox_operations")
    .selectAll()
    .where("payment_reference", "=", paymentReference)
    .where("status", "in", ["approved", "processing"])
    .execute();
}

export function insertSandboxOperation(db: Db, row: Insertable<SandboxOperationsTable>) {
  return db.insertInto("sandbox_operations").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Approves an operation the sandbox left unanswered, once. */
export function approveSandboxOperation(db: Db, reference: string) {
  return db
    .updateTable("sandbox_operations")
    .set({ status: "approved", settled_at: new Date() })
    .where("reference_number", "=", reference)
    .where("status", "=", "processing")
    .returningAll()
    .executeTakeFirst();
}

/** The sandbox payment, locked while an operation on it is decided. */
export function lockSandboxPayment(db: Db, reference: string) {
  return db.selectFrom("sandbox_payments").selectAll().where("reference_number", "=", reference).forUpdate().executeTakeFirst();
}
