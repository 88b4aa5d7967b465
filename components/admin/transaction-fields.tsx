import type { ReactNode } from "react";
import type { TransactionDetail } from "@/lib/panel/admin/load-transaction-detail";
import { formatAmount } from "@/lib/core/money/decimal";
import { legacyPageRows } from "./legacy-page-fields";
import { link } from "./panel-styles";
import { UtcTime } from "./utc-time";

const MONEY = new Set(["amount", "paid_amount", "captured_amount", "refunded_amount", "voided_amount", "held_amount"]);
// Shown below by what they point to (the creator's name, the attachment's link), or kept for the job engine only.
const REPLACED = new Set(["attachment_id", "created_by_api_key_id", "created_by_user_id", "expiry_job_at"]);
const LABELS: Record<string, string> = {
  session_id: "Session ID",
  pg_codes: "Gateway codes",
  held_amount: "Held amount (operations waiting for their gateway)",
  webhook_url: "Webhook URL",
  redirect_url: "Redirect URL",
  disclosure_url: "Disclosure URL",
  customer_id: "Customer ID",
};

// The order fields are read in; a column not listed here still shows, after these.
const ORDER = [
  "session_id", "state", "type", "mode", "interface", "operation", "payment_type", "amount", "currency_code", "paid_amount",
  "captured_amount", "refunded_amount", "voided_amount", "held_amount", "pg_codes", "order_no", "customer_id",
  "customer_first_name", "customer_last_name", "customer_email", "customer_phone", "billing_address", "language",
  "notifications", "email_recipients", "webhook_url", "redirect_url", "disclosure_url", "vendor_name", "product_type",
  "expiration_seconds", "expires_at", "agreement", "extra", "legacy", "created_at", "updated_at", "deleted_at",
];
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

const labelOf = (key: string) => LABELS[key] ?? `${key.charAt(0).toUpperCase()}${key.slice(1).replace(/_/g, " ")}`;

function valueOf(value: unknown): ReactNode {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return "—";
  if (value instanceof Date) return <UtcTime value={value} />;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(", ");
  if (typeof value === "object") return <pre className="whitespace-pre-wrap break-all font-mono text-xs">{JSON.stringify(value, null, 2)}</pre>;
  return String(value);
}

/** Every field of the transaction as stored, money with its currency's places. */
export function TransactionFields({ detail }: { detail: TransactionDetail }) {
  const { txn, decimals } = detail;
  const rows: [string, ReactNode][] = Object.entries(txn)
    .filter(([key]) => !REPLACED.has(key))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => [labelOf(key), MONEY.has(key) ? `${txn.currency_code} ${formatAmount(String(value), decimals)}` : valueOf(value)]);
  const creator = detail.created_by_api_key ? `API key ${detail.created_by_api_key}` : detail.created_by_user ? `admin ${detail.created_by_user}` : null;
  rows.push(["Created by", creator ?? "—"]);
  rows.push(...legacyPageRows(txn));
  rows.push([
    "Attachment",
    detail.attachmentToken ? (
      <a className={link} href={`/b/checkout/v1/attachments/${detail.attachmentToken}`}>
        Download the attachment
      </a>
    ) : (
      "—"
    ),
  ]);
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[minmax(12rem,max-content)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
