import type { ReactNode } from "react";
import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { storedFieldRows } from "@/lib/panel/admin/stored-field-rows";
import { KeyValueList } from "./key-value-list";
import { legacyPageRows } from "./legacy-page-fields";
import { link } from "./panel-styles";
import { UtcTime } from "./utc-time";

/** Every stored field of the transaction, labelled and in words, the empty ones left out; then its attachment. */
export function TransactionFields({ detail }: { detail: TransactionDetail }) {
  const rows: [string, ReactNode][] = storedFieldRows(detail).map((row) => [
    row.label,
    "text" in row ? row.text : "at" in row ? <UtcTime value={row.at} /> : <KeyValueList data={row.data} />,
  ]);
  rows.push(...legacyPageRows(detail.txn));
  if (detail.attachmentToken) {
    rows.push([
      "Attachment",
      <a key="attachment" className={link} href={`/b/checkout/v1/attachments/${detail.attachmentToken}`}>
        Download the attachment
      </a>,
    ]);
  }
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(12rem,max-content)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
