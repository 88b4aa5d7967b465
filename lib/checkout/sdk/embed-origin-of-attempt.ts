import { findAttemptEmbedOrigin } from "@/db/queries/embedded-attempts";
import type { Ctx } from "@/lib/core/context";

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The merchant origin an attempt was started from inside the embedded checkout's frame (its card page, 3-D Secure
 * step and result page may be framed by it, and only by it); null for the hosted page's attempts.
 */
export async function embedOriginOfAttempt({ ctx, input }: { ctx: Ctx; input: { reference: string | null } }): Promise<string | null> {
  if (!input.reference || !REFERENCE.test(input.reference)) return null;
  return findAttemptEmbedOrigin(ctx.db, input.reference);
}
