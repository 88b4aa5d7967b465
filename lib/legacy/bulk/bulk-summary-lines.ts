import type { BulkUploadResult } from "./create-bulk-payment-requests";
import { rowErrorMessages } from "./row-error-messages";

/** A bulk upload's answer as the CLI prints it: the counts, then each created row and each invalid line. */
export function bulkSummaryLines(result: BulkUploadResult): string[] {
  const { counts } = result;
  const rows = (title: string, list: BulkUploadResult["created"]) =>
    list.length === 0 ? [] : [`${title}:`, ...list.map((r) => `  line ${r.line}\t${r.session_id}\t${r.checkout_url}`)];
  return [
    `Bulk ${result.bulk_id} (${result.file_name}): ${counts.rows} rows, ${counts.created} created, ${counts.already_created} already created, ${counts.invalid} invalid.`,
    ...rows("Created", result.created),
    ...rows("Already created (by an earlier upload of this file)", result.already_created),
    ...(result.invalid.length === 0 ? [] : ["Invalid lines (nothing created for them):"]),
    ...result.invalid.flatMap((r) => rowErrorMessages(r.errors).map((message) => `  line ${r.line}: ${message}`)),
  ];
}
