import { parse } from "csv-parse/sync";
import { ValidationFailed } from "@/lib/core/errors";
import { paymentRequestFieldsSchema } from "../legacy-fields";
import { MAX_BULK_FILE_BYTES, MAX_BULK_ROWS } from "./bulk-limits";

/**
 * The columns a bulk file may have: the payment request's fields. Not `type` (every row is a payment request)
 * and not `attachment` (a file cannot sit in a CSV cell).
 */
export const BULK_COLUMNS = Object.keys(paymentRequestFieldsSchema.shape).filter((name) => name !== "type");

/** One data row: its line in the file (the header is line 1) and its cells by column, or why it cannot be read. */
export type BulkRow = { line: number; fields: Record<string, string>; error?: string };

const refuse = (message: string): never => {
  throw new ValidationFailed({ file: [message] });
};

/**
 * Reads a bulk CSV (UTF-8, an optional BOM, quoted fields, CRLF, LF or CR; empty lines skipped; a line break in a
 * quoted cell is kept as LF): the header names
 * the columns, each later record is a row. What makes the whole file unusable (size, no rows, too many rows,
 * unknown or repeated columns, broken quoting) is one `file` field error; a row with the wrong number of cells
 * is reported on its own line.
 */
export function readBulkCsv(bytes: Uint8Array): BulkRow[] {
  if (bytes.byteLength > MAX_BULK_FILE_BYTES) refuse(`The file is larger than ${MAX_BULK_FILE_BYTES / 1024 / 1024} MB: split it into several files.`);
  const text = decodeUtf8(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with the line it ends on. The parser counts a CRLF inside a quoted cell
    // as two lines; with every line break as LF (in cells too) its count is the file's.
    records = parse(text.replace(/\r\n?/g, "\n"), { bom: true, info: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof records;
  } catch (error) {
    return refuse(`The file is not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) return refuse("The file is empty: give a header row of column names, then one payment request per line.");
  const columns = header.record.map((name) => name.trim());
  checkColumns(columns);
  if (rows.length === 0) refuse("The file has a header but no rows: add one payment request per line.");
  if (rows.length > MAX_BULK_ROWS) refuse(`The file has ${rows.length} rows; at most ${MAX_BULK_ROWS} are taken at once: split it into several files.`);

  return rows.map(({ record, info }) => {
    const line = startLine(record, info.lines);
    if (record.length !== columns.length) {
      return { line, fields: {}, error: `This line has ${record.length} cells; the header has ${columns.length}.` };
    }
    return { line, fields: Object.fromEntries(columns.map((name, i) => [name, record[i]!])) };
  });
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse("The file is not UTF-8 text: save it as CSV UTF-8.");
  }
}

function checkColumns(columns: string[]): void {
  const unknown = columns.filter((name) => !BULK_COLUMNS.includes(name));
  if (unknown.length > 0) {
    refuse(`Unknown column(s): ${unknown.map((n) => `"${n}"`).join(", ")}. The columns a bulk file may have: ${BULK_COLUMNS.join(", ")}.`);
  }
  const repeated = columns.filter((name, i) => columns.indexOf(name) !== i);
  if (repeated.length > 0) refuse(`Column(s) given twice: ${[...new Set(repeated)].join(", ")}.`);
}

/** The parser gives the line a record ends on; a quoted cell may span lines, and the row is named by its first. */
function startLine(record: string[], endLine: number): number {
  const breaksInside = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
  return endLine - breaksInside;
}
