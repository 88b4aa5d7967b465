import type { Address } from "@/db/types";
import type { TransactionDetail } from "./load-transaction-detail";
import { stateLabel } from "./state-words";
import { gatewayWords, moneyOf } from "./transaction-facts";

/** One stored field as the page lists it: its label and its value in words, a moment, or a JSON object to list. */
export type FieldRow = { label: string } & ({ text: string } | { at: Date | string } | { data: Record<string, unknown> });

type Txn = TransactionDetail["txn"];
type Detail = Pick<TransactionDetail, "txn" | "decimals" | "gateways">;

// Enum values of the columns in words.
const WORDS: Record<string, Record<string, string>> = {
  type: { e_commerce: "E-commerce (the merchant's checkout)", payment_request: "Payment request (a link sent to the customer)" },
  mode: { payment: "Payment" },
  interface: { checkout: "Checkout API", legacy: "Legacy interface (/pos/)" },
  operation: { purchase: "Purchase (charged at once)", authorize: "Authorization (held, captured later)" },
  payment_type: { one_off: "One-off payment", save_card: "Pay and save the card", auto_debit: "Auto-debit (a saved card, charged without the customer)" },
  language: { en: "English", ar: "Arabic" },
};
const CHANNELS: Record<string, string> = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" };
const AGREEMENTS: Record<string, string> = { recurring: "Recurring", unscheduled: "Unscheduled", event_based: "Event-based", installment: "Installments" };

/** 3600 → "1 hour", 90061 → "1 day 1 hour 1 minute 1 second". */
export function durationWords(seconds: number): string {
  const parts = [
    [Math.floor(seconds / 86_400), "day"],
    [Math.floor((seconds % 86_400) / 3_600), "hour"],
    [Math.floor((seconds % 3_600) / 60), "minute"],
    [seconds % 60, "second"],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? "" : "s"}`);
  return said.length > 0 ? said.join(" ") : "0 seconds";
}

const addressWords = (a: Address) => [a.line1, a.line2, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(", ");

const phrase = (key: string) => key.replace(/_/g, " ");

// Each field's label and, where it needs more than its value, how it reads; the order is the list's.
const FIELDS: [keyof Txn, string, ((txn: Txn, detail: Detail) => FieldRow | string | null)?][] = [
  ["session_id", "Session ID"],
  ["state", "State", (t) => stateLabel(t.state)],
  ["type", "Type"],
  ["interface", "Created through"],
  ["mode", "Mode"],
  ["operation", "Gateway operation"],
  ["payment_type", "Payment type"],
  ["amount", "Amount"],
  ["paid_amount", "Paid (with fee)"],
  ["captured_amount", "Captured"],
  ["refunded_amount", "Refunded"],
  ["voided_amount", "Voided"],
  ["held_amount", "Held by operations waiting for their gateway"],
  ["currency_code", "Currency"],
  ["pg_codes", "Gateways offered", (t, d) => t.pg_codes.map((code) => gatewayWords(d, code)).join(", ")],
  ["order_no", "Order number"],
  ["customer_id", "Customer ID"],
  ["customer_first_name", "Customer's first name"],
  ["customer_last_name", "Customer's last name"],
  ["customer_email", "Customer's e-mail"],
  ["customer_phone", "Customer's phone"],
  ["customer_phone_2", "Customer's second phone"],
  ["customer_birthdate", "Customer's birth date"],
  ["billing_address", "Billing address", (t) => t.billing_address && addressWords(t.billing_address)],
  ["shipping_address", "Shipping address", (t) => t.shipping_address && addressWords(t.shipping_address)],
  ["language", "Language of the pages and messages"],
  [
    "notifications",
    "Notifications asked for",
    (t) =>
      Object.entries(t.notifications)
        .filter(([, events]) => events && events.length > 0)
        .map(([channel, events]) => `${CHANNELS[channel] ?? channel} on ${events!.join(", ")}`)
        .join("; ") || null,
  ],
  ["email_recipients", "Copies of the e-mails to", (t) => t.email_recipients.join(", ") || null],
  ["webhook_url", "Webhook URL"],
  ["redirect_url", "Redirect URL"],
  ["disclosure_url", "Disclosure URL"],
  ["vendor_name", "Vendor name"],
  ["product_type", "What is being paid for"],
  ["expiration_seconds", "Time to pay", (t) => durationWords(t.expiration_seconds)],
  ["expires_at", "Expires"],
  ["due_datetime", "Due"],
  [
    "agreement",
    "Agreement",
    (t) => {
      if (!t.agreement) return null;
      const { id, type, ...terms } = t.agreement;
      const more = Object.entries(terms).map(([k, v]) => `${phrase(k)}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
      return [`${AGREEMENTS[type] ?? type} agreement ${id}`, ...more].join("; ");
    },
  ],
  [
    "card_acceptance_criteria",
    "Cards taken",
    (t) => (t.card_acceptance_criteria?.min_expiry_time ? `Valid for at least ${t.card_acceptance_criteria.min_expiry_time} more days` : null),
  ],
  ["include_sdk_setup_preload", "SDK setup preloaded", (t) => (t.include_sdk_setup_preload ? "Yes" : null)],
  ["extra", "Merchant's extra data"],
  ["legacy", "Legacy interface fields"],
  ["created_at", "Created"],
  ["updated_at", "Last changed"],
  ["deleted_at", "Deleted"],
];
const MONEY = new Set<keyof Txn>(["amount", "paid_amount", "captured_amount", "refunded_amount", "voided_amount", "held_amount"]);
// Shown elsewhere on the page (who created it, its attachment) or kept for the job engine only.
const ELSEWHERE = new Set<string>(["attachment_id", "created_by_api_key_id", "created_by_user_id", "expiry_job_at"]);

/** A value as it reads by itself, or null when there is nothing to show. */
function plainRow(label: string, value: unknown, words?: Record<string, string>): FieldRow | null {
  if (value === null || value === undefined || value === "" || value === false) return null;
  if (Array.isArray(value)) return value.length > 0 ? { label, text: value.map(String).join(", ") } : null;
  if (value instanceof Date) return { label, at: value };
  if (typeof value === "object") return Object.keys(value).length > 0 ? { label, data: value as Record<string, unknown> } : null;
  if (value === true) return { label, text: "Yes" };
  return { label, text: words?.[String(value)] ?? String(value) };
}

/**
 * Every stored field of the transaction, labelled and in words (no enum values, money with the currency's
 * places, a duration as one), the empty ones left out; a column not listed above still shows, by its name.
 */
export function storedFieldRows(detail: Detail): FieldRow[] {
  const { txn } = detail;
  const money = moneyOf(detail);
  const listed = new Set<string>(FIELDS.map(([key]) => key));
  const rows = FIELDS.map(([key, label, read]): FieldRow | null => {
    if (MONEY.has(key)) return Number(txn[key]) > 0 || key === "amount" ? { label, text: money(String(txn[key])) } : null;
    if (!read) return plainRow(label, txn[key], WORDS[key]);
    const value = read(txn, detail);
    return typeof value === "string" ? (value ? { label, text: value } : null) : value;
  });
  const others = Object.entries(txn)
    .filter(([key]) => !listed.has(key) && !ELSEWHERE.has(key))
    .map(([key, value]) => plainRow(`${phrase(key).charAt(0).toUpperCase()}${phrase(key).slice(1)}`, value));
  return [...rows, ...others].filter((row): row is FieldRow => row !== null);
}
