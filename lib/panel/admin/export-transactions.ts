import { stringify } from "csv-stringify/sync";
import { listTransactionPage } from "@/db/queries/transaction-list";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { listItem, type TransactionListItem } from "./list-transactions";
import { listQuery, readListFilters } from "./read-list-filters";

/** Rows read per query: the export never holds more than this in memory, nor a database connection between batches. */
export const EXPORT_BATCH = 1000;

const COLUMNS: [string, (t: TransactionListItem) => string][] = [
  ["created_at", (t) => t.createdAt],
  ["session_id", (t) => t.sessionId],
  ["order_no", (t) => t.orderNo ?? ""],
  ["state", (t) => t.state],
  ["amount", (t) => t.amount],
  ["currency_code", (t) => t.currency],
  ["gateway_codes", (t) => t.gateways.join(" ")],
  ["customer_email", (t) => t.email ?? ""],
  ["customer_phone", (t) => t.phone ?? ""],
  ["deleted", (t) => (t.deleted ? "yes" : "no")],
];

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return that some read as one)
 * starts with an apostrophe instead: order numbers and e-mails are the merchant's customers' text.
 */
export const inertCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const csv = (records: string[][]) => stringify(records, { cast: { string: inertCell } });

/**
 * The whole filtered list (the page's filters and search, its cursor ignored) as CSV, scoped to the caller's
 * gateways, streamed: each pull reads the next batch by keyset after the last row sent. Wrong filters throw
 * their field errors before anything is sent.
 */
export async function exportTransactions({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; params: URLSearchParams };
}): Promise<ReadableStream<Uint8Array>> {
  const { errors, filters } = await readListFilters(ctx, input.caller, input.params);
  if (!filters) throw new ValidationFailed(errors);
  const query = listQuery(input.caller, { ...filters, after: undefined, before: undefined }, EXPORT_BATCH);
  const encoder = new TextEncoder();
  let last: { createdAt: string; sessionId: string } | undefined;
  let header = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (header) {
        header = false;
        controller.enqueue(encoder.encode(csv([COLUMNS.map(([name]) => name)])));
        return;
      }
      const rows = await listTransactionPage(ctx.db, { ...query, from: last && { ...last, direction: "older" } });
      if (rows.length === 0) return controller.close();
      const items = rows.map(listItem);
      const end = items.at(-1)!;
      last = { createdAt: end.createdAt, sessionId: end.sessionId };
      controller.enqueue(encoder.encode(csv(items.map((t) => COLUMNS.map(([, cell]) => cell(t))))));
      if (rows.length < EXPORT_BATCH) controller.close();
    },
  });
}
