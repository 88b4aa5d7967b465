import type { MovementExportRow, TransactionExportRow } from "@/db/queries/transaction-export";

// The reconciliation export's columns, in order; docs/admin/export.md describes each. The JSON variant uses
// the same names as keys.

type Columns<R> = [string, (r: R) => string | boolean | null][];

export const TRANSACTION_COLUMNS: Columns<TransactionExportRow> = [
  ["created_at", (t) => t.created_at],
  ["paid_at", (t) => t.paid_at],
  ["settled_at", (t) => t.settled_at],
  ["session_id", (t) => t.session_id],
  ["order_no", (t) => t.order_no],
  ["reference_number", (t) => t.reference_number],
  ["state", (t) => t.state],
  ["amount", (t) => t.amount],
  ["paid_amount", (t) => t.paid_amount],
  ["fee", (t) => t.fee],
  ["refunded_amount", (t) => t.refunded_amount],
  ["voided_amount", (t) => t.voided_amount],
  ["net", (t) => t.net],
  ["currency_code", (t) => t.currency_code],
  ["gateway_code", (t) => t.gateway_code],
  ["gateway_reference", (t) => t.gateway_reference],
  ["offered_gateway_codes", (t) => t.pg_codes.join(" ")],
  ["customer_email", (t) => t.customer_email],
  ["customer_phone", (t) => t.customer_phone],
  ["deleted", (t) => t.deleted],
];

export const MOVEMENT_COLUMNS: Columns<MovementExportRow> = [
  ["created_at", (m) => m.created_at],
  ["completed_at", (m) => m.completed_at],
  ["session_id", (m) => m.session_id],
  ["order_no", (m) => m.order_no],
  ["movement", (m) => m.movement],
  ["state", (m) => m.state],
  ["amount", (m) => m.amount],
  ["fee", (m) => m.fee],
  ["net", (m) => m.net],
  ["currency_code", (m) => m.currency_code],
  ["reference_number", (m) => m.reference_number],
  ["gateway_code", (m) => m.gateway_code],
  ["gateway_reference", (m) => m.gateway_reference],
];

/** A phone number in E.164 form (+96550000000): digits only, which a spreadsheet reads as a number, never a formula. */
const PHONE = /^\+[1-9]\d{5,14}$/;
/** A negative amount the export writes itself (net): digits, one point. */
const NEGATIVE_AMOUNT = /^-\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return that some read as one)
 * starts with an apostrophe instead: order numbers and e-mails are the merchant's customers' text. A phone number
 * or a negative amount is left as it is: neither can run anything, and an apostrophe would spoil the value.
 */
export const inertCell = (value: string) => (/^[=+\-@\t\r]/.test(value) && !PHONE.test(value) && !NEGATIVE_AMOUNT.test(value) ? `'${value}` : value);

/** A row as the CSV writes it: null as an empty cell, true/false as yes/no. */
export const csvCells = <R>(columns: Columns<R>, row: R) =>
  columns.map(([, cell]) => {
    const value = cell(row);
    return value === null ? "" : typeof value === "boolean" ? (value ? "yes" : "no") : value;
  });

/** A row as the JSON variant writes it: an object of the same columns, null and booleans kept. */
export const jsonRecord = <R>(columns: Columns<R>, row: R) => Object.fromEntries(columns.map(([name, cell]) => [name, cell(row)]));
