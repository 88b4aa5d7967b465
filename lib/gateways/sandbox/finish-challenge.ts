import { randomInt } from "node:crypto";
import { findSandboxPayment, moveSandboxPayment } from "@/db/queries/sandbox-payments";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { browserReturnUrl, scheduleCallback } from "./notify-merchant";
import { endPastDeadline } from "./sandbox-deadline";

/** The customer's answer on the 3-D Secure challenge page: approve or deny (before the payment's deadline). */
export async function finishChallenge({ ctx, input }: { ctx: Ctx; input: { reference: string; approve: boolean } }) {
  // Past the deadline the bank's answer comes too late: the payment ends expired, nothing is charged.
  const found = await findSandboxPayment(ctx.db, input.reference);
  const late = found ? await endPastDeadline(ctx, found) : null;
  if (late?.ended) scheduleCallback(ctx, late.payment);
  const moved = await moveSandboxPayment(ctx.db, input.reference, ["challenge"], {
    status: input.approve ? "approved" : "declined",
    auth_code: input.approve ? String(randomInt(100000, 1000000)) : null,
    // Denied by the bank: "do not honour", which leaves the customer another card to try.
    decline_code: input.approve ? null : "05",
    settled_at: new Date(),
  });
  if (moved) scheduleCallback(ctx, moved);
  const payment = moved ?? (await findSandboxPayment(ctx.db, input.reference));
  if (!payment) throw new NotFound();
  return { url: await browserReturnUrl(ctx, payment) };
}
