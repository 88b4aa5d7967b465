import { findSandboxPayment, moveSandboxPayment } from "@/db/queries/sandbox-payments";
import type { Ctx } from "@/lib/context";
import { NotFound } from "@/lib/errors";
import { browserReturnUrl, scheduleCallback } from "./notify-merchant";

/** The customer leaves the sandbox's page with "Cancel". */
export async function cancelSandboxPayment({ ctx, input }: { ctx: Ctx; input: { reference: string } }) {
  const moved = await moveSandboxPayment(ctx.db, input.reference, ["awaiting_card", "challenge"], {
    status: "canceled",
    settled_at: new Date(),
  });
  if (moved) scheduleCallback(ctx, moved);
  const payment = moved ?? (await findSandboxPayment(ctx.db, input.reference));
  if (!payment) throw new NotFound();
  return { url: await browserReturnUrl(ctx, payment) };
}
