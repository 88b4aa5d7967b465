import type { ResultKind } from "@/lib/checkout/i18n/checkout-messages";

/** The SDK event a finished attempt's result page posts to the embedding page; a pending one waits (none). */
const EVENT_OF: Record<ResultKind, "success" | "failure" | "cancel" | null> = {
  paid: "success",
  authorized: "success",
  declined: "failure",
  failed: "failure",
  error: "failure",
  expired: "failure",
  superseded: "failure",
  duplicate: "failure",
  closed: "failure",
  canceled: "cancel",
  abandoned: "cancel",
  pending: null,
};

export function resultEvent(result: { kind: ResultKind; referenceNumber: string | null }, state: string): Record<string, string> | null {
  const type = EVENT_OF[result.kind];
  if (!type) return null;
  return { type, state, ...(result.referenceNumber ? { reference_number: result.referenceNumber } : {}) };
}
