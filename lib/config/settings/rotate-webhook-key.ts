import { randomBytes } from "node:crypto";
import { z } from "zod";
import { replaceWebhookKey } from "@/db/queries/webhook-key";
import type { Ctx } from "@/lib/core/context";
import { parseInput } from "@/lib/core/validation/parse-input";

/** How long the replaced key keeps signing beside the new one, by the name the panel offers. */
export const GRACE_PERIODS = { none: 0, "1h": 3_600, "24h": 86_400, "7d": 604_800 } as const;
export type GracePeriod = keyof typeof GRACE_PERIODS;

const GRACE_ERROR = "Choose how long the old key keeps signing: none, 1h, 24h or 7d.";

export const rotateWebhookKeyInput = z.object({
  // Any text in (a form field), one of the offered periods out.
  grace: z.string({ error: GRACE_ERROR }).pipe(z.enum(Object.keys(GRACE_PERIODS) as [GracePeriod, ...GracePeriod[]], { error: GRACE_ERROR })),
});

/**
 * Generates a new webhook HMAC key (or the first one) and returns it: the only time it is ever shown. During
 * the grace period every webhook carries the old key's Standard Webhooks signature beside the new one's.
 */
export async function rotateWebhookKey({ ctx, input }: { ctx: Ctx; input: z.input<typeof rotateWebhookKeyInput> }) {
  const { grace } = parseInput(rotateWebhookKeyInput, input);
  // 256 bits from the system's CSPRNG; base64url keeps it pasteable into any receiver's configuration.
  const key = randomBytes(32).toString("base64url");
  const replaced = await replaceWebhookKey(ctx.db, key, GRACE_PERIODS[grace]);
  return { key, grace, ...replaced };
}
