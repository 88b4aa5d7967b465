import { request } from "undici";
import { cachedGatewaySetting } from "@/lib/gateways/cached-gateway-setting";
import { moveSandboxPayment } from "@/db/queries/sandbox-payments";
import type { SandboxPayment } from "@/db/types";
import type { Ctx } from "@/lib/core/context";
import { env } from "@/lib/core/env";
import { logger } from "@/lib/core/log/logger";
import { sandboxMessage } from "./sandbox-message";
import { sandboxCallbackUrl, sandboxReturnUrl } from "./sandbox-urls";

async function secretFor(ctx: Ctx, p: SandboxPayment): Promise<string> {
  const gateway = await cachedGatewaySetting(ctx.db, p.gateway_code);
  return String(gateway?.config.secret ?? "");
}

/** Where the sandbox sends the customer's browser back: our return URL with a signed message. */
export async function browserReturnUrl(ctx: Ctx, p: SandboxPayment): Promise<string> {
  return `${sandboxReturnUrl()}?${new URLSearchParams(sandboxMessage(await secretFor(ctx, p), p))}`;
}

/** The callback about `payment` as it ended: a payment never moves again once it has an answer, so it is not read again. */
async function postCallback(ctx: Ctx, payment: SandboxPayment): Promise<void> {
  const reference = payment.reference_number;
  try {
    const body = JSON.stringify(sandboxMessage(await secretFor(ctx, payment), payment));
    // undici's request rather than fetch (which Next.js wraps for its cache): about half the CPU for the same POST.
    const res = await request(sandboxCallbackUrl(), { method: "POST", headers: { "content-type": "application/json" }, body });
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode > 299) logger.warn({ status: res.statusCode, reference }, "sandbox callback refused");
  } catch (error) {
    // A simulated gateway's callback that cannot be sent is only logged: the browser return still settles.
    logger.warn({ err: error, reference }, "sandbox callback failed");
  }
}

/**
 * The sandbox's server-to-server callback, sent a moment after the result so that it races the browser's
 * return. A payment left without an answer ("no answer" card) is approved and called back much later.
 */
export function scheduleCallback(ctx: Ctx, p: SandboxPayment): void {
  if (p.status !== "processing") {
    setTimeout(() => void postCallback(ctx, p), Math.floor(Math.random() * 300)).unref();
    return;
  }
  if (env.SANDBOX_LATE_CALLBACK_SECONDS === 0) return;
  setTimeout(async () => {
    const settled = await moveSandboxPayment(ctx.db, p.reference_number, ["processing"], { status: "approved", settled_at: new Date() }).catch(
      () => undefined,
    );
    if (settled) await postCallback(ctx, settled);
  }, env.SANDBOX_LATE_CALLBACK_SECONDS * 1000).unref();
}
