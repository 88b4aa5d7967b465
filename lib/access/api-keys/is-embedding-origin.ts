import { isLivePublicKeyOrigin } from "@/db/queries/api-keys";
import type { Ctx } from "@/lib/core/context";
import { normaliseOrigin } from "./allowed-origins";

/**
 * Whether some live public key lists this origin. A CORS preflight carries no Authorization, so it cannot name the
 * key: it is allowed for any origin a live key lists, and the request that follows is checked against its own key.
 */
export async function isEmbeddingOrigin({ ctx, input }: { ctx: Ctx; input: { origin: string | null } }): Promise<boolean> {
  const { origin } = input;
  // Browsers send Origin already normalised: anything else is no origin we stored.
  if (origin === null || normaliseOrigin(origin) !== origin) return false;
  return isLivePublicKeyOrigin(ctx.db, origin);
}
