import { findApiKeyByHash } from "@/db/queries/api-keys";
import { noteApiKeyUse } from "@/lib/access/api-keys/note-api-key-use";
import { cachedConfig } from "@/lib/core/cache/config-cache";
import type { Ctx } from "@/lib/core/context";
import { Unauthorized } from "@/lib/core/errors";
import { hashApiKey } from "./api-key-secret";

/** A live API key of either kind by the key itself; unknown, revoked or expired: Unauthorized. */
export async function lookUpApiKey(ctx: Ctx, key: string) {
  const hash = hashApiKey(key);
  const row = await cachedConfig(`api-key:${hash.toString("hex")}`, () => findApiKeyByHash(ctx.db, hash));
  if (!row) throw new Unauthorized("Invalid API key.");
  if (row.revoked_at) throw new Unauthorized("This API key has been revoked.");
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw new Unauthorized("This API key has expired.");
  // Not awaited: the request does not wait for (nor fail with) the write of last_used_at.
  void noteApiKeyUse(ctx.db, row.id);
  return row;
}
