import { z } from "zod";
import { decimalPlaces } from "@/lib/core/money/decimal";

/** A decimal amount written as a string (or a JSON number), zero allowed: the verbs decide when zero is allowed. */
export const amountSchema = z
  .union([z.string(), z.number()], { error: "Enter the amount as a decimal string, for example \"12.500\"." })
  .transform((v) => String(v).trim())
  .refine((v) => !v.startsWith("-"), "Ensure this value is greater than 0.")
  .refine((v) => v.startsWith("-") || decimalPlaces(v) !== null, "Enter a positive decimal number with at most 12 digits before the point, for example \"12.500\".");

export const isZeroAmount = (v: string) => !/[1-9]/.test(v);

export const positiveAmountSchema = amountSchema.refine((v) => decimalPlaces(v) === null || !isZeroAmount(v), "Ensure this value is greater than 0.");
