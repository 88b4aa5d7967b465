import type { Outcome } from "@/lib/gateways/adapter";

/** The result word merchants see for an attempt's outcome (webhook `result`, redirect). */
export const RESULT_WORDS: Record<Exclude<Outcome, "pending">, string> = {
  success: "success",
  declined: "failed",
  canceled: "canceled",
  error: "error",
};
