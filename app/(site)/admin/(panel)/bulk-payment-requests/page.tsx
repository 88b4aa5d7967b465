import type { Metadata } from "next";
import { BulkUploadForm } from "@/components/admin/bulk-upload-form";
import { NotAllowed } from "@/components/admin/not-allowed";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { mayDo } from "@/lib/access/auth/permissions";
import { bulkRequiredColumns } from "@/lib/legacy/bulk/bulk-required-columns";
import { BULK_COLUMNS } from "@/lib/legacy/bulk/read-bulk-csv";
import { legacySettings } from "@/lib/legacy/legacy-settings";
import { appContext } from "@/lib/core/context";
import { uploadBulkAction } from "./actions";

export const metadata: Metadata = { title: "Bulk payment requests · Checkout admin" };

/** Payment requests from a CSV file: each valid line a legacy payment request, its link sent per its flags. */
export default async function BulkPaymentRequestsPage() {
  const admin = await signedInAdmin();
  if (!mayDo(admin, "create")) {
    return <NotAllowed what="payment requests" reason="Only users who may create transactions may upload payment requests." />;
  }
  // Listed from the rule the rows are read with, under the settings as they are now.
  const required = bulkRequiredColumns(await legacySettings(appContext()));
  return (
    <main className="max-w-5xl">
      <h1 className="text-2xl font-semibold">Bulk payment requests</h1>
      <p className="mt-2 text-sm text-slate-700">
        A CSV file (UTF-8, at most 2 MB and 5,000 rows) whose first line names the columns; each further line is one payment request, created as
        you with your gateways. Required: <span className="font-mono text-xs">{required.join(", ")}</span>. An empty or missing initiator is you. Uploading the same file again
        creates only the lines not created before.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Columns: <span className="font-mono text-xs">{BULK_COLUMNS.join(", ")}</span>
      </p>
      <BulkUploadForm action={uploadBulkAction} />
    </main>
  );
}
