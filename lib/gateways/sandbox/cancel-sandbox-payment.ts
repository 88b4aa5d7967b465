import { findSandboxPayment, moveSandboxPayment } from "@/db/queries/sandbox-payments";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { browserReturnUrl, scheduleCallback } from "./notify-merchant";
import { endPastDeadline } from "./sandbox-deadline";

/** The customer leaves the sandbox's page with "Cancel". */
export async function cancelSandboxPayment({ ctx, input }: { ctx: Ctx; input: { reference: string } }) {
  // Past the deadline the payment had ended already: it is expired rather than canceled by the customer.
  const found = await findSandboxPayment(ctx.db, input.reference);
  const late = found ? await endPastDeadline(ctx, found) : null;
  if (late?.ended) scheduleCallback(ctx, late.payment);
  const moved = await moveSandboxPayment(ctx.db, input.reference, ["awaiting_card", "challenge"], {
    status: "canceled",
    settled_at: new Date(),
  });
  if (moved) scheduleCallback(ctx, moved);
  const payment = moved ?? (await findSandboxPayment(ctx.db, input.reference));
  if (!payment) throw new NotFound();
  return { url: await browserReturnUrl(ctx, payment) };
}
