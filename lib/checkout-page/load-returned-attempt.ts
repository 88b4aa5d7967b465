import { findAttemptByReference } from "@/db/queries/payments";
import type { Ctx } from "@/lib/context";
import { REFERENCE_NUMBER } from "@/lib/payments/start-payment";
import { attemptView, type PaymentPage, type PaymentPageAttempt } from "./load-payment-page";

/**
 * The attempt the gateway just sent the customer back from (`reference` in the result page's address), when it
 * is an earlier attempt of this still payable transaction: a tab whose attempt another tab replaced. Null
 * otherwise: the page then reports the latest attempt, and a settled transaction always reports its own.
 */
export async function loadReturnedAttempt({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { page: PaymentPage; reference: string };
}): Promise<PaymentPageAttempt | null> {
  const { page, reference } = input;
  if (page.kind !== "pay" || !REFERENCE_NUMBER.test(reference) || reference === page.attempt?.referenceNumber) return null;
  const attempt = await findAttemptByReference(ctx.db, reference);
  if (attempt?.session_id !== page.sessionId) return null;
  return attemptView(attempt, page.decimals, page.methods);
}
