import { type Insertable, type Selectable, sql } from "kysely";
import type { Db } from "../client";
import type { SandboxOperationsTable, SandboxPayment } from "../types";
import { SANDBOX_OPERATION_COLUMNS } from "../columns";

export type SandboxOperation = Selectable<SandboxOperationsTable>;

export function findSandboxOperation(db: Db, reference: string) {
  return db.selectFrom("sandbox_operations").select(SANDBOX_OPERATION_COLUMNS).where("reference_number", "=", reference).executeTakeFirst();
}

/** What a payment's operations the sandbox approved or is still processing moved (refused ones moved nothing). */
export interface LiveOperations {
  /** Numeric text. */
  refunded: string;
  captured: string;
  captures: number;
  voids: number;
}

/**
 * What the sandbox decides an operation on: its payment, the sums of the payment's live operations (summed here,
 * not read one by one: a payment may have had thousands of partial refunds), and an earlier operation with this
 * reference, in one round trip.
 */
export async function findOperationFacts(db: Db, paymentReference: string, operationReference: string) {
  const { rows } = await sql<{ payment: SandboxPayment | null; live: LiveOperations; earlier: SandboxOperation | null }>`
    SELECT
      (SELECT to_jsonb(p) FROM sandbox_payments p WHERE p.reference_number = ${paymentReference}) AS payment,
      (SELECT json_build_object(
          'refunded', coalesce(sum(o.amount) FILTER (WHERE o.kind = 'refund'), 0)::text,
          'captured', coalesce(sum(o.amount) FILTER (WHERE o.kind = 'capture'), 0)::text,
          'captures', count(*) FILTER (WHERE o.kind = 'capture'),
          'voids', count(*) FILTER (WHERE o.kind = 'void'))
        FROM sandbox_operations o
        WHERE o.payment_reference = ${paymentReference} AND o.status IN ('approved', 'processing')) AS live,
      (SELECT to_jsonb(e) FROM sandbox_operations e WHERE e.reference_number = ${operationReference}) AS earlier`.execute(db);
  const { payment, live, earlier } = rows[0]!;
  return {
    payment: payment && {
      ...payment,
      amount: String(payment.amount),
      created_at: new Date(payment.created_at),
      settled_at: payment.settled_at && new Date(payment.settled_at),
    },
    live,
    earlier: earlier && reviveOperation(earlier),
  };
}

// to_jsonb writes numbers and timestamps as JSON; bring them back to the row's types.
const reviveOperation = (o: SandboxOperation): SandboxOperation => ({
  ...o,
  amount: String(o.amount),
  created_at: new Date(o.created_at),
  settled_at: o.settled_at && new Date(o.settled_at),
});

/** Records an operation once per reference: a second request with it finds the first. */
export async function insertSandboxOperation(db: Db, row: Insertable<SandboxOperationsTable>) {
  const inserted = await db
    .insertInto("sandbox_operations")
    .values(row)
    .onConflict((oc) => oc.column("reference_number").doNothing())
    .returning(SANDBOX_OPERATION_COLUMNS)
    .executeTakeFirst();
  return inserted ?? (await findSandboxOperation(db, row.reference_number))!;
}

/** Approves an operation the sandbox left unanswered, once. */
export function approveSandboxOperation(db: Db, reference: string) {
  return db
    .updateTable("sandbox_operations")
    .set({ status: "approved", settled_at: new Date() })
    .where("reference_number", "=", reference)
    .where("status", "=", "processing")
    .returning(SANDBOX_OPERATION_COLUMNS)
    .executeTakeFirst();
}
