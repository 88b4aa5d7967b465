"use server";

import { runPanelForm } from "@/lib/panel/admin/run-panel-form";
import { type BulkUploadFormState, bulkUploadForm } from "@/lib/legacy/bulk/bulk-upload-form";

// The bulk upload's action: it reads the signed-in user from the database again and checks they may create.
export async function uploadBulkAction(_previous: BulkUploadFormState, form: FormData): Promise<BulkUploadFormState> {
  return runPanelForm(bulkUploadForm, form, "/admin/transactions");
}
