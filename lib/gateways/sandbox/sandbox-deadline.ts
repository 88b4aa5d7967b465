import { findSandboxPayment, moveSandboxPayment } from "@/db/queries/sandbox-payments";
import type { SandboxPayment, SandboxStatus } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import { isPastDeadline } from "@/lib/core/time/payment-deadline";

/** The statuses in which the sandbox still waits for the customer (the card, the 3-D Secure answer). */
const OPEN: SandboxStatus[] = ["awaiting_card", "challenge"];

/** A payment still waiting for the customer past the deadline it was started with (the transaction's expires_at). */
export const isOpenPastDeadline = (p: SandboxPayment) => OPEN.includes(p.status) && p.expires_at !== null && isPastDeadline({ expires_at: p.expires_at });

/**
 * The sandbox's payment session ends at its deadline, as a real gateway's does: a payment still waiting for the
 * customer past it becomes `expired` (our outcome: canceled) and takes no card. `ended` is true for the request
 * that moved it (it sends the callback); the payment is returned as it now stands.
 */
export async function endPastDeadline(ctx: Ctx, payment: SandboxPayment): Promise<{ payment: SandboxPayment; ended: boolean }> {
  if (!isOpenPastDeadline(payment)) return { payment, ended: false };
  const moved = await moveSandboxPayment(ctx.db, payment.reference_number, OPEN, { status: "expired", settled_at: new Date() });
  return moved ? { payment: moved, ended: true } : { payment: (await findSandboxPayment(ctx.db, payment.reference_number))!, ended: false };
}
