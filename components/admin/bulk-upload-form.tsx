"use client";

import Link from "next/link";
import { useActionState } from "react";
import { fieldMessages } from "@/components/admin/form-messages";
import { h2, link, primaryButton, section, td } from "@/components/admin/panel-styles";
import { PanelTable } from "@/components/admin/panel-table";
import type { BulkUploadFormState } from "@/lib/legacy/bulk/bulk-upload-form";
import type { BulkRowCreated } from "@/lib/legacy/bulk/create-bulk-payment-requests";
import { rowErrorMessages } from "@/lib/legacy/bulk/row-error-messages";

type Action = (state: BulkUploadFormState, form: FormData) => Promise<BulkUploadFormState>;

const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** The upload form, then what the last upload did: its counts, its created rows and its invalid lines. */
export function BulkUploadForm({ action }: { action: Action }) {
  const [state, formAction, pending] = useActionState(action, { errors: {}, result: null });
  const fileErrors = fieldMessages(state.errors, "file");
  const { result } = state;
  return (
    <>
      <form action={formAction} noValidate className="mt-4 space-y-3 rounded border border-slate-300 bg-white p-5">
        <div>
          <label htmlFor="bulk-file" className="block text-sm font-medium">
            CSV file
          </label>
          <input
            id="bulk-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-invalid={fileErrors.length > 0}
            aria-describedby={fileErrors.length > 0 ? "bulk-file-error" : undefined}
            className={`mt-1 block text-sm ${FOCUS}`}
          />
          {fileErrors.length > 0 ? (
            <p id="bulk-file-error" role="alert" className="mt-1 text-sm text-red-800">
              {fileErrors.join(" ")}
            </p>
          ) : null}
        </div>
        <button type="submit" className={primaryButton} aria-disabled={pending} disabled={pending}>
          {pending ? "Uploading…" : "Upload"}
        </button>
      </form>
      <div role="status" className="mt-4">
        {result ? (
          <p>
            {result.file_name}: {result.counts.rows} rows, {result.counts.created} created, {result.counts.already_created} already created,{" "}
            {result.counts.invalid} invalid. Bulk id <span className="font-mono">{result.bulk_id}</span>.
          </p>
        ) : null}
      </div>
      {result ? (
        <>
          <CreatedRows title="Created" rows={result.created} />
          <CreatedRows title="Already created by an earlier upload of this file" rows={result.already_created} />
          {result.invalid.length > 0 ? (
            <section className={section} aria-labelledby="bulk-invalid">
              <h2 id="bulk-invalid" className={h2}>
                Invalid lines (nothing created for them)
              </h2>
              <PanelTable caption="Invalid lines" columns={["Line", "Errors"]}>
                  {result.invalid.map((row) => (
                    <tr key={row.line}>
                      <th scope="row" className={td}>
                        {row.line}
                      </th>
                      <td className={td}>
                        <ul>
                          {rowErrorMessages(row.errors).map((message) => (
                            <li key={message}>{message}</li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </PanelTable>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}

function CreatedRows({ title, rows }: { title: string; rows: BulkRowCreated[] }) {
  if (rows.length === 0) return null;
  const id = `bulk-${title.split(" ")[0]!.toLowerCase()}`;
  return (
    <section className={section} aria-labelledby={id}>
      <h2 id={id} className={h2}>
        {title}
      </h2>
      <PanelTable caption={title} columns={["Line", "Transaction"]}>
          {rows.map((row) => (
            <tr key={row.line}>
              <th scope="row" className={td}>
                {row.line}
              </th>
              <td className={td}>
                <Link href={`/admin/transactions/${row.session_id}`} className={`font-mono ${link}`}>
                  {row.session_id}
                </Link>
              </td>
            </tr>
          ))}
        </PanelTable>
    </section>
  );
}
