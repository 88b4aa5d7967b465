import { type BulkLine, findBulkLines } from "@/db/queries/legacy-bulk";
import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireAction } from "@/lib/access/auth/permissions";
import { canSeeTransaction } from "@/lib/access/auth/transaction-scope";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { checkoutUrl } from "@/lib/checkout/transactions/represent-transaction";
import { OrderNoTaken } from "@/lib/checkout/transactions/store-new-transaction";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { createLegacyTransaction } from "../create-legacy-transaction";
import { bulkIdOf, contentOnlyBulkIdOf } from "./bulk-id";
import { type BulkRow, readBulkCsv } from "./read-bulk-csv";

interface Input {
  /** The administrator who uploads the file: the rows are created as them, and they initiate rows that name no initiator. */
  caller: UserCaller;
  file: { name: string; bytes: Uint8Array };
}

export interface BulkRowCreated {
  line: number;
  session_id: string;
  checkout_url: string;
}

export interface BulkUploadResult {
  bulk_id: string;
  file_name: string;
  counts: { rows: number; created: number; already_created: number; invalid: number };
  created: BulkRowCreated[];
  /** Lines an earlier (or concurrent) upload of the same file by the same uploader created. */
  already_created: BulkRowCreated[];
  invalid: { line: number; errors: FieldErrors }[];
}

type Outcome = { line: number } & ({ kind: "created" | "already_created"; session_id: string } | { kind: "invalid"; errors: FieldErrors });

/**
 * Creates a payment request (the legacy create, variant payment_request) from each row of an uploaded CSV, all
 * under one bulk_id derived from the uploader and the file's content; each row's messages follow its flags as in
 * a single legacy request. Invalid rows are reported by line with their field errors and create nothing; the other
 * rows are created. A line this uploader's upload of the same file already created (before, or at the same time)
 * is reported with its transaction instead of being created again; another uploader's rows are never reported
 * (their upload of the same bytes is another bulk). A file that cannot be read at all is a ValidationFailed with a
 * `file` error, and creates nothing.
 */
export async function createBulkPaymentRequests({ ctx, input }: { ctx: Ctx; input: Input }): Promise<BulkUploadResult> {
  const { caller, file } = input;
  requireAction(caller, "create");
  const rows = readBulkCsv(file.bytes);
  const bulkId = bulkIdOf(caller.id, file.bytes);
  // Also under the id bulks had before it named the uploader, so that an upload from before is not created again.
  const existing = await findBulkLines(ctx.db, [bulkId, contentOnlyBulkIdOf(file.bytes)], caller.id);

  const outcomes: Outcome[] = [];
  // One row after the other: the rows share the configuration's caches, and the order of the answer is the file's.
  for (const row of rows) {
    const done = existing.get(row.line);
    outcomes.push(done ? alreadyCreated(caller, row.line, done) : await createRow(ctx, caller, bulkId, row));
  }
  return summary(bulkId, file.name, outcomes);
}

async function createRow(ctx: Ctx, caller: UserCaller, bulkId: string, row: BulkRow): Promise<Outcome> {
  const { line } = row;
  if (row.error) return { line, kind: "invalid", errors: { non_field_errors: [row.error] } };
  // The uploader initiates the rows that name nobody.
  const fields = { ...row.fields, initiator: row.fields.initiator?.trim() || caller.id };
  try {
    const created = await createLegacyTransaction({ ctx, input: { caller, fields, files: {}, variant: "payment_request", bulk: { id: bulkId, line } } });
    return { line, kind: "created", session_id: created.session_id };
  } catch (error) {
    // Another upload of this file created the line first: its insert won the unique index, or took the row's order_no.
    if (isUniqueViolation(error, "transactions_legacy_bulk_line") || error instanceof OrderNoTaken) {
      const done = (await findBulkLines(ctx.db, [bulkId], caller.id)).get(line);
      if (done) return alreadyCreated(caller, line, done);
    }
    if (error instanceof ValidationFailed) return { line, kind: "invalid", errors: error.fields };
    throw error;
  }
}

/** A line created before, shown with its transaction only while the uploader may still see it (their gateways may have changed). */
function alreadyCreated(caller: UserCaller, line: number, done: BulkLine): Outcome {
  if (canSeeTransaction(caller, done.pg_codes)) return { line, kind: "already_created", session_id: done.session_id };
  return { line, kind: "invalid", errors: { non_field_errors: ["An earlier upload of this file created this line, on a gateway you may no longer use."] } };
}

function summary(bulkId: string, fileName: string, outcomes: Outcome[]): BulkUploadResult {
  const rows = (kind: "created" | "already_created") =>
    outcomes.flatMap((o) => (o.kind === kind ? [{ line: o.line, session_id: o.session_id, checkout_url: checkoutUrl(o.session_id) }] : []));
  const created = rows("created");
  const alreadyCreated = rows("already_created");
  const invalid = outcomes.flatMap((o) => (o.kind === "invalid" ? [{ line: o.line, errors: o.errors }] : []));
  return {
    bulk_id: bulkId,
    file_name: fileName,
    counts: { rows: outcomes.length, created: created.length, already_created: alreadyCreated.length, invalid: invalid.length },
    created,
    already_created: alreadyCreated,
    invalid,
  };
}
