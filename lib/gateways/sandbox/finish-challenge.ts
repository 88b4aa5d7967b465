import { randomInt } from "node:crypto";
import { findSandboxPayment, moveSandboxPayment } from "@/db/queries/sandbox-payments";
import type { Ctx } from "@/lib/context";
import { NotFound } from "@/lib/errors";
import { browserReturnUrl, scheduleCallback } from "./notify-merchant";

/** The customer's answer on the 3-D Secure challenge page: approve or deny. */
export async function finishChallenge({ ctx, input }: { ctx: Ctx; input: { reference: string; approve: boolean } }) {
  const moved = await moveSandboxPayment(ctx.db, input.reference, ["challenge"], {
    status: input.approve ? "approved" : "declined",
    auth_code: input.approve ? String(randomInt(100000, 1000000)) : null,
    settled_at: new Date(),
  });
  if (moved) scheduleCallback(ctx, moved);
  const payment = moved ?? (await findSandboxPayment(ctx.db, input.reference));
  if (!payment) throw new NotFound();
  return { url: await browserReturnUrl(ctx, payment) };
}
