import { z } from "zod";
import { readCalendarDate } from "@/lib/core/time/calendar-date";
import { positiveAmountSchema } from "./amount-schema";

// The agreement of an auto_debit transaction: the terms under which the merchant may later charge the saved card
// without the customer (merchant-initiated). Which fields each type needs is our decision, written down in
// docs/auto-debit.md; the names and choices are the public interface's.

export const AGREEMENT_TYPES = ["recurring", "unscheduled", "event_based", "installment"] as const;
export const FREQUENCIES = ["irregular", "daily", "weekly", "monthly", "quarterly", "semi_annually", "yearly", "other"] as const;

const REQUIRED_BY_TYPE: Record<(typeof AGREEMENT_TYPES)[number], string[]> = {
  recurring: ["amount_variability", "expiry_date", "cycle_interval_days", "frequency"],
  installment: ["amount_variability", "expiry_date", "total_cycles"],
  unscheduled: [],
  event_based: [],
};

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: `Allowed values: ${values.join(", ")}.` })
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(values, { error: `Allowed values: ${values.join(", ")}.` }));

const text = (max: number) =>
  z.string({ error: "Must be a string." }).trim().min(1, "This field may not be blank.").max(max, `Ensure this field has no more than ${max} characters.`);

/** YYYY-MM-DD (DD/MM/YYYY is read too), stored as YYYY-MM-DD. */
const date = z.string({ error: "Enter a date as YYYY-MM-DD." }).transform((v, ctx) => {
  const parsed = readCalendarDate(v);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "Enter a date as YYYY-MM-DD." });
    return z.NEVER;
  }
  return parsed;
});

const count = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(1, "Ensure this value is at least 1.").max(max, `Ensure this value is at most ${max}.`),
  );

const today = () => new Date().toISOString().slice(0, 10);

export const agreementSchema = z
  .object(
    {
      id: text(128),
      type: choice(AGREEMENT_TYPES).default("recurring"),
      amount_variability: choice(["fixed", "variable"] as const).optional(),
      start_date: date.optional(),
      expiry_date: date.optional(),
      cycle_interval_days: count(366).optional(),
      total_cycles: count(999).optional(),
      frequency: choice(FREQUENCIES).optional(),
      max_amount_per_cycle: positiveAmountSchema.optional(),
      seller: z
        .object(
          {
            name: text(128).optional(),
            short_name: text(64).optional(),
            category_code: z.string({ error: "Enter a 4-digit merchant category code." }).trim().regex(/^\d{4}$/, "Enter a 4-digit merchant category code.").optional(),
          },
          { error: "Must be an object with name, short_name and category_code." },
        )
        .optional(),
    },
    { error: "Must be an object with id, type, amount_variability, expiry_date, cycle_interval_days, total_cycles and frequency." },
  )
  .superRefine((agreement, ctx) => {
    const problem = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    for (const field of REQUIRED_BY_TYPE[agreement.type]) {
      if ((agreement as Record<string, unknown>)[field] === undefined) problem(field, `This field is required for a ${agreement.type} agreement.`);
    }
    if (agreement.expiry_date !== undefined && agreement.expiry_date < today()) problem("expiry_date", "The agreement's expiry date has passed.");
    if (agreement.start_date && agreement.expiry_date && agreement.expiry_date < agreement.start_date) {
      problem("expiry_date", "The expiry date must not be before the start date.");
    }
    if (agreement.max_amount_per_cycle !== undefined && agreement.amount_variability !== "variable") {
      problem("max_amount_per_cycle", "Only a variable-amount agreement has a maximum amount per cycle.");
    }
  });

export type AgreementInput = z.output<typeof agreementSchema>;
