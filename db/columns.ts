import { sql } from "kysely";
import type {
  OperationsTable,
  PaymentAttemptsTable,
  SandboxOperationsTable,
  SandboxPaymentsTable,
  TransactionEventsTable,
  WebhookDeliveriesTable,
} from "./types";

// Every column of a table, named, for the statements of the payment path that read whole rows. A statement whose
// columns come from a `*` is never prepared (db/prepare-repeated.ts: a migration adding a column while the previous
// release still serves would change its rows' shape), and planning it again on every run cost PostgreSQL about a
// quarter of its CPU per checkout. Named, a row keeps the shape this release knows, whatever a newer one adds.
// test/server/column-lists.test.ts holds each list to its table as migrated.

type Missing<T, C extends readonly string[]> = Exclude<keyof T, C[number]>;

/** `columns`, refused by the type checker unless it names every column of T. */
const everyColumnOf =
  <T>() =>
  <const C extends readonly (keyof T & string)[]>(columns: C & ([Missing<T, C>] extends [never] ? unknown : { missing: Missing<T, C> })) =>
    columns;

/** The columns, each as `alias.column` (for a statement that joins another table with columns of the same names). */
export const qualified = <A extends string, C extends string>(alias: A, columns: readonly C[]) =>
  columns.map((column) => `${alias}.${column}` as `${A}.${C}`);

export const ATTEMPT_COLUMNS = everyColumnOf<PaymentAttemptsTable>()([
  "id",
  "session_id",
  "reference_number",
  "gateway_code",
  "pg",
  "state",
  "amount",
  "fee",
  "currency_code",
  "is_duplicate",
  "card",
  "gateway_response",
  "message",
  "created_at",
  "updated_at",
  "completed_at",
  "initiator",
  "saved_card_id",
  "embed_origin",
]);

export const EVENT_COLUMNS = everyColumnOf<TransactionEventsTable>()([
  "id",
  "event_id",
  "session_id",
  "kind",
  "from_state",
  "to_state",
  "cause",
  "attempt_id",
  "operation_id",
  "data",
  "created_at",
]);

export const DELIVERY_COLUMNS = everyColumnOf<WebhookDeliveriesTable>()([
  "id",
  "event_id",
  "session_id",
  "url",
  "payload",
  "state",
  "attempt_count",
  "next_attempt_at",
  "last_status",
  "created_at",
  "delivered_at",
]);

export const SANDBOX_PAYMENT_COLUMNS = everyColumnOf<SandboxPaymentsTable>()([
  "reference_number",
  "gateway_code",
  "amount",
  "currency_code",
  "customer_id",
  "status",
  "operation",
  "card_brand",
  "card_masked",
  "card_expiry",
  "save_card",
  "token",
  "paymentid",
  "tranid",
  "auth_code",
  "operation_behaviour",
  "created_at",
  "settled_at",
  "must_save",
  "merchant_initiated",
  "card_holder",
  "udf6",
  "decline_code",
  "expires_at",
  "min_card_expiry_days",
]);

export const OPERATION_COLUMNS = everyColumnOf<OperationsTable>()([
  "id",
  "session_id",
  "kind",
  "state",
  "amount",
  "attempt_id",
  "gateway_response",
  "message",
  "requested_by_api_key_id",
  "requested_by_user_id",
  "created_at",
  "completed_at",
  "reference_number",
  "cause",
  "extra",
  "idempotency_caller",
  "idempotency_key",
  "request_hash",
  "status_code",
  "response",
]);

export const SANDBOX_OPERATION_COLUMNS = everyColumnOf<SandboxOperationsTable>()([
  "reference_number",
  "payment_reference",
  "kind",
  "amount",
  "status",
  "message",
  "created_at",
  "settled_at",
]);

/**
 * The columns in a statement written as SQL, each qualified by `alias` when given, and named `prefix` + its name
 * when given (for a statement that reads two tables with columns of the same names into one row).
 */
export const columnsSql = (columns: readonly string[], alias?: string, prefix?: string) =>
  sql.join(
    columns.map((column) => {
      const ref = sql.ref(alias ? `${alias}.${column}` : column);
      return prefix ? sql`${ref} AS ${sql.ref(prefix + column)}` : ref;
    }),
  );

/** An attempt's columns written as SQL, for a statement's RETURNING, and as `a.column` for its CTE named `a`. */
export const ATTEMPT_ROW = columnsSql(ATTEMPT_COLUMNS);
export const ATTEMPT_ROW_OF_A = columnsSql(ATTEMPT_COLUMNS, "a");
