import { z } from "zod";
import { toUnits } from "@/lib/core/money/decimal";
import { TRANSACTION_STATES } from "@/lib/checkout/lifecycle/states";
import { decodeCursor } from "./transaction-cursor";

/** The list's URL parameters, as the filter form sends them (GET) and page links carry them. */
export const FILTER_FIELDS = [
  "q",
  "state",
  "gateway",
  "paid_via",
  "currency",
  "type",
  "refunds",
  "webhooks",
  "from",
  "to",
  "min",
  "max",
  "after",
  "before",
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type FilterValues = Record<FilterField, string>;

/** No control character: PostgreSQL's text holds no NUL, and none is in a key, a name or an address. */
export const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

/** The transaction's payment_type, as the API names it. */
export const PAYMENT_TYPES = ["one_off", "save_card", "auto_debit"] as const;

const DATE_MESSAGE = "Enter a date as YYYY-MM-DD, for example 2026-01-31.";
const AMOUNT_MESSAGE = "Enter an amount such as 10.500: digits, with at most 6 decimal places.";
export const CURSOR_MESSAGE = "This page link is not valid; start again from the newest transactions.";

/** An empty field is no filter: the form sends every field, filled or not. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  // A real day (not 2026-02-30); zod runs this even when the pattern failed, so it must not throw.
  .refine((v) => {
    const day = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(day) && new Date(day).toISOString().startsWith(v);
  }, DATE_MESSAGE);

const amount = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, AMOUNT_MESSAGE);

export const listCursor = z.string().transform((v, ctx) => {
  const position = decodeCursor(v);
  if (!position) ctx.addIssue({ code: "custom", message: CURSOR_MESSAGE });
  return position ?? z.NEVER;
});

/** The list's filters; the same rules for the page, its live JSON and the CSV export. */
export const transactionListFilters = z
  .object({
    q: optional(
      z
        .string()
        .trim()
        .max(128, "Search for at most 128 characters.")
        .regex(NO_CONTROL, "Search for letters, digits and punctuation: no control characters."),
    ),
    state: optional(z.enum(TRANSACTION_STATES, { error: "Choose one of the states in the list." })),
    gateway: optional(z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "Choose one of the gateways in the list.")),
    paid_via: optional(z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "Choose one of the gateways in the list.")),
    type: optional(z.enum(PAYMENT_TYPES, { error: "Choose one of the payment types in the list." })),
    refunds: optional(z.literal("yes", { error: "Tick the box or leave it empty." })),
    webhooks: optional(z.literal("failing", { error: "Tick the box or leave it empty." })),
    currency: optional(z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Choose one of the currencies in the list.")),
    from: optional(date),
    to: optional(date),
    min: optional(amount),
    max: optional(amount),
    after: optional(listCursor),
    before: optional(listCursor),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.to < f.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The end date must be on or after the start date." });
    }
    if (f.min && f.max && toUnits(f.max, 6) < toUnits(f.min, 6)) {
      ctx.addIssue({ code: "custom", path: ["max"], message: "The highest amount must be at least the lowest." });
    }
    if (f.after && f.before) ctx.addIssue({ code: "custom", path: ["before"], message: CURSOR_MESSAGE });
  });

export type TransactionListFilters = z.output<typeof transactionListFilters>;

/** The first value of each list parameter (a repeated one keeps its first), "" when absent. */
export function filterValues(params: URLSearchParams | Record<string, string | string[] | undefined>): FilterValues {
  const get = (name: FilterField) => {
    const value = params instanceof URLSearchParams ? params.get(name) : params[name];
    return (Array.isArray(value) ? value[0] : value) ?? "";
  };
  return Object.fromEntries(FILTER_FIELDS.map((name) => [name, get(name)])) as FilterValues;
}
