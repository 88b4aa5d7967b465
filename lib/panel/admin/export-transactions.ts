import { stringify } from "csv-stringify/sync";
import { exportMovements, exportTransactionPage } from "@/db/queries/transaction-export";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { csvCells, inertCell, jsonRecord, MOVEMENT_COLUMNS, TRANSACTION_COLUMNS } from "./export-columns";
import { listQuery, readListFilters } from "./read-list-filters";

export { inertCell } from "./export-columns";

/** Rows read per query: the export never holds more than this in memory, nor a database connection between batches. */
export const EXPORT_BATCH = 1000;

export type ExportFormat = "csv" | "json";
export type ExportRows = "transactions" | "movements";

export interface TransactionExport {
  format: ExportFormat;
  rows: ExportRows;
  stream: ReadableStream<Uint8Array>;
}

const csv = (records: string[][]) => stringify(records, { cast: { string: inertCell } });
const jsonLines = (records: object[]) => records.map((r) => `${JSON.stringify(r)}\n`).join("");

/** `format` (csv, json) and `rows` (transactions, movements), each with its default; anything else is a field error. */
function readShape(params: URLSearchParams): { format: ExportFormat; rows: ExportRows } {
  const format = params.get("format") ?? "csv";
  const rows = params.get("rows") ?? "transactions";
  const errors: FieldErrors = {};
  if (format !== "csv" && format !== "json") errors.format = ["Choose csv or json."];
  if (rows !== "transactions" && rows !== "movements") errors.rows = ["Choose transactions or movements."];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { format: format as ExportFormat, rows: rows as ExportRows };
}

/**
 * The whole filtered list (the page's filters and search, its cursor ignored) for reconciliation, scoped to the
 * caller's gateways, streamed: each pull reads the next batch of transactions by keyset after the last one sent
 * (with `rows=movements`, then that batch's payments, refunds, captures and voids). CSV with a header line, or
 * JSON lines with the same names. Wrong filters throw their field errors before anything is sent.
 */
export async function exportTransactions({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { caller: UserCaller; params: URLSearchParams };
}): Promise<TransactionExport> {
  const shape = readShape(input.params);
  const { errors, filters } = await readListFilters(ctx, input.caller, input.params);
  if (!filters) throw new ValidationFailed(errors);
  const query = listQuery(input.caller, { ...filters, after: undefined, before: undefined }, EXPORT_BATCH);
  const columns = shape.rows === "movements" ? MOVEMENT_COLUMNS : TRANSACTION_COLUMNS;
  const encode = (records: object[]) =>
    new TextEncoder().encode(
      shape.format === "json"
        ? jsonLines(records.map((r) => jsonRecord(columns as never, r)))
        : csv(records.map((r) => csvCells(columns as never, r))),
    );
  let last: { createdAt: string; sessionId: string } | undefined;
  let header = shape.format === "csv";
  let done = false;

  /** The next batch's records: transactions, or their movements (none for a batch that moved no money). */
  async function nextBatch(): Promise<object[]> {
    const page = await exportTransactionPage(ctx.db, { ...query, from: last && { ...last, direction: "older" } });
    done = page.length < EXPORT_BATCH;
    const end = page.at(-1);
    if (end) last = { createdAt: end.created_key, sessionId: end.session_id };
    return shape.rows === "movements" ? exportMovements(ctx.db, page.map((t) => t.session_id)) : page;
  }

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (header) {
        header = false;
        controller.enqueue(new TextEncoder().encode(csv([columns.map(([name]) => name)])));
        return;
      }
      // A pull must send something or close: batches without movements are read past.
      while (!done) {
        const records = await nextBatch();
        if (records.length > 0) return controller.enqueue(encode(records));
      }
      controller.close();
    },
  });
  return { ...shape, stream };
}
