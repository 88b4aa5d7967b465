import type { UserCaller } from "@/lib/access/auth/admin-caller";
import { requireAction } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { type FieldErrors, ValidationFailed } from "@/lib/core/errors";
import { type BulkUploadResult, createBulkPaymentRequests } from "./create-bulk-payment-requests";

export interface BulkUploadFormState {
  /** Why the file was not taken at all (under `file`). */
  errors: FieldErrors;
  result: BulkUploadResult | null;
}

const NO_FILE = "Choose a CSV file to upload (an empty file has no payment requests).";

export const NO_UPLOAD: BulkUploadFormState = { errors: {}, result: null };

/**
 * The panel's bulk upload: the chosen file through the bulk verb, as the signed-in user. Only users who may
 * create transactions may post it (a refusal is a Forbidden, which the panel's runner turns into the
 * not-allowed page); a file refused as a whole comes back as a `file` error, a file read as its summary.
 */
export async function bulkUploadForm({ ctx, input }: { ctx: Ctx; input: { caller: UserCaller; form: FormData } }): Promise<BulkUploadFormState> {
  requireAction(input.caller, "create");
  const file = input.form.get("file");
  // An empty file input still sends a part, without bytes (browsers name it differently): the same as an empty file.
  if (!(file instanceof File) || file.size === 0) return { errors: { file: [NO_FILE] }, result: null };
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { errors: {}, result: await createBulkPaymentRequests({ ctx, input: { caller: input.caller, file: { name: file.name, bytes } } }) };
  } catch (error) {
    if (error instanceof ValidationFailed) return { errors: error.fields, result: null };
    throw error;
  }
}
