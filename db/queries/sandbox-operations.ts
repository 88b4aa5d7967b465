import { type Selectable, sql } from "kysely";
import type { Db } from "../client";
import { compiledOnce } from "../compiled-once";
import type { SandboxOperationsTable } from "../types";
import { SANDBOX_OPERATION_COLUMNS } from "../columns";

export type SandboxOperation = Selectable<SandboxOperationsTable>;

export function findSandboxOperation(db: Db, reference: string) {
  return db.selectFrom("sandbox_operations").select(SANDBOX_OPERATION_COLUMNS).where("reference_number", "=", reference).executeTakeFirst();
}

/** The sandbox's words for each reason it refuses an operation (the statement below decides which applies). */
export interface SandboxRefusals {
  unsettled: string;
  notAuthorization: string;
  alreadyClosed: string;
  nothingCaptured: string;
  tooMuch: string;
  /** The test card that refuses operations paid. */
  issuer: string;
}

export interface SandboxOperationInput {
  paymentReference: string;
  operationReference: string;
  kind: SandboxOperation["kind"];
  /** Numeric text. */
  amount: string;
}

/**
 * The sandbox gateway's refund, capture or void, decided and recorded in one round trip, once per operation
 * reference: an operation already recorded under it is returned as it stands. Decided against the payment and what
 * its operations still moving money (approved or processing) took, summed here: a payment may have had thousands of
 * partial refunds. Null for an unknown payment; "raced" when another request recorded this reference meanwhile.
 */
export async function recordSandboxOperation(
  db: Db,
  input: SandboxOperationInput,
  refusals: SandboxRefusals,
): Promise<SandboxOperation | "raced" | null> {
  const r = refusals;
  const [row] = await decideAndRecord(db, input.paymentReference, input.operationReference, input.kind, input.amount,
    r.unsettled, r.notAuthorization, r.alreadyClosed, r.nothingCaptured, r.tooMuch, r.issuer);
  if (!row?.operation) return row?.payment_known ? "raced" : null;
  return reviveOperation(row.operation);
}

// An operation's row as JSON, its amount as numeric text (to_jsonb would write 9.000000 as the number 9).
const asJson = (alias: string) => sql`to_jsonb(${sql.table(alias)}) || jsonb_build_object('amount', ${sql.ref(`${alias}.amount`)}::text)`;

// Its columns are named (no `*` in it) so that it is prepared: db/prepare-repeated.ts.
const decideAndRecord = compiledOnce(
  (payment: string, reference: string, kind: string, amount: string, unsettled: string, notAuthorization: string,
    alreadyClosed: string, nothingCaptured: string, tooMuch: string, issuer: string) => sql<{
    operation: SandboxOperation | null;
    payment_known: boolean;
  }>`
    WITH earlier AS (
      SELECT ${asJson("e")} AS operation FROM sandbox_operations e WHERE e.reference_number = ${reference}
    ), p AS (
      SELECT status, operation, operation_behaviour, amount FROM sandbox_payments
      WHERE reference_number = ${payment} AND NOT EXISTS (SELECT FROM earlier)
    ), live AS (
      SELECT coalesce(sum(o.amount) FILTER (WHERE o.kind = 'refund'), 0) AS refunded,
        coalesce(sum(o.amount) FILTER (WHERE o.kind = 'capture'), 0) AS captured,
        count(*) FILTER (WHERE o.kind = 'capture') > 0 AS has_capture,
        count(*) FILTER (WHERE o.kind = 'void') > 0 AS has_void
      FROM sandbox_operations o
      WHERE o.payment_reference = ${payment} AND o.status IN ('approved', 'processing') AND EXISTS (SELECT FROM p)
    ), decided AS (
      SELECT p.operation_behaviour, CASE
        WHEN p.status <> 'approved' THEN ${unsettled}
        WHEN ${kind}::text <> 'refund' AND p.operation <> 'authorize' THEN ${notAuthorization}
        WHEN ${kind}::text <> 'refund' AND (live.has_capture OR live.has_void) THEN ${alreadyClosed}
        WHEN ${kind}::text = 'refund' AND p.operation = 'authorize' AND NOT live.has_capture THEN ${nothingCaptured}
        -- A refund gives back what was captured (or, for a purchase, paid) less what refunds gave before; a capture
        -- or void takes from the whole authorization.
        WHEN ${amount}::numeric > CASE
          WHEN ${kind}::text <> 'refund' THEN p.amount
          WHEN live.has_capture THEN live.captured - live.refunded
          ELSE p.amount - live.refunded END THEN ${tooMuch}
        WHEN p.operation_behaviour = 'refuse' THEN ${issuer}
      END AS refusal
      FROM p, live
    ), recorded AS (
      INSERT INTO sandbox_operations (reference_number, payment_reference, kind, amount, status, message, settled_at)
      SELECT ${reference}, ${payment}, ${kind}, ${amount}::numeric,
        CASE WHEN d.refusal IS NOT NULL THEN 'refused' WHEN d.operation_behaviour = 'no_answer' THEN 'processing' ELSE 'approved' END,
        d.refusal,
        CASE WHEN d.refusal IS NULL AND d.operation_behaviour = 'no_answer' THEN NULL ELSE now() END
      FROM decided d
      ON CONFLICT (reference_number) DO NOTHING
      RETURNING reference_number, payment_reference, kind, amount, status, message, created_at, settled_at
    )
    SELECT coalesce((SELECT operation FROM earlier), (SELECT ${asJson("r")} FROM recorded r)) AS operation,
      EXISTS (SELECT FROM p) AS payment_known`,
);

// to_jsonb writes numbers and timestamps as JSON; bring them back to the row's types.
const reviveOperation = (o: SandboxOperation): SandboxOperation => ({
  ...o,
  amount: String(o.amount),
  created_at: new Date(o.created_at),
  settled_at: o.settled_at && new Date(o.settled_at),
});

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
