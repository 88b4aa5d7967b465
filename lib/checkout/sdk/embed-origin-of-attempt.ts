import { LRUCache } from "lru-cache";
import { processWide } from "@/lib/core/process-wide";
import { findAttemptEmbedOrigin } from "@/db/queries/embedded-attempts";
import type { Ctx } from "@/lib/core/context";

const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

// An attempt's origin is set once, as it starts in the frame and before its pages' address is handed to anyone
// (submit-sdk-payment.ts), and never changes: each of its pages (card page, 3-D Secure, result) asks, so it is kept
// once read, or once its start decided it (noteEmbedOrigin). Unknown references are not kept. Process-wide: the
// proxy, which asks, and the route handlers, which start attempts, are bundled apart.
const known = processWide("embed-origins", () => new LRUCache<string, { origin: string | null }>({ max: 10_000 }));

/**
 * What an attempt's start decided about its frame, kept for its pages: the merchant origin framing it, or null for
 * an attempt of the hosted page. Only once that is final (after setAttemptEmbedOrigin, for the embedded checkout).
 */
export function noteEmbedOrigin(reference: string, origin: string | null): void {
  known.set(reference, { origin });
}

/**
 * The merchant origin an attempt was started from inside the embedded checkout's frame (its card page, 3-D Secure
 * step and result page may be framed by it, and only by it); null for the hosted page's attempts.
 */
export async function embedOriginOfAttempt({ ctx, input }: { ctx: Ctx; input: { reference: string | null } }): Promise<string | null> {
  if (!input.reference || !REFERENCE.test(input.reference)) return null;
  const kept = known.get(input.reference);
  if (kept) return kept.origin;
  const origin = await findAttemptEmbedOrigin(ctx.db, input.reference);
  if (origin !== undefined) known.set(input.reference, { origin });
  return origin ?? null;
}
