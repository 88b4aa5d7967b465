import { REFERENCE_NUMBER } from "@/lib/gateways/reference-number";
import type { PaymentPage, PaymentPageAttempt } from "./load-payment-page";

/**
 * The attempt the gateway just sent the customer back from (`reference` in the result page's address), when it
 * is an earlier attempt of this still payable transaction: a tab whose attempt another tab replaced. Null
 * otherwise: the page then reports the latest attempt, and a settled transaction always reports its own.
 */
export function returnedAttempt(page: PaymentPage, reference: string): PaymentPageAttempt | null {
  if (page.kind !== "pay" || !REFERENCE_NUMBER.test(reference) || reference === page.attempt?.referenceNumber) return null;
  return page.attempts.find((a) => a.referenceNumber === reference) ?? null;
}
