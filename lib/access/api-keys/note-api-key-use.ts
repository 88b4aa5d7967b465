import { touchApiKeyLastUsed } from "@/db/queries/api-keys";
import type { Db } from "@/db/client";
import { logger } from "@/lib/core/log/logger";

const MAX_KEYS = 10_000;

/**
 * Keeps API keys' last_used_at at most `intervalSeconds` behind without a write per request: each process
 * remembers when it last wrote a key and asks the database again only an interval later, and the UPDATE's
 * own condition keeps several processes to one write per interval between them. A failed write is logged,
 * never thrown: noting a use must not fail the request it belongs to.
 */
export function apiKeyUseRecorder(intervalSeconds: number) {
  const written = new Map<string, { at: number; write: Promise<boolean> }>();
  return function noteUse(db: Db, id: string, now = Date.now()): Promise<boolean> {
    const last = written.get(id);
    // Within the interval nothing is written; the write in flight is awaited, so its caller sees the use stored.
    if (last && now - last.at < intervalSeconds * 1000) return last.write.then(() => false);
    const write = touchApiKeyLastUsed(db, id, intervalSeconds).catch((err: unknown) => {
      logger.warn({ err, api_key_id: id }, "could not note an API key's use");
      return false;
    });
    written.delete(id);
    if (written.size >= MAX_KEYS) written.delete(written.keys().next().value!);
    written.set(id, { at: now, write });
    return write;
  };
}

// One memory per process, even when two bundles (Next's and the server's) load this module.
const holder = globalThis as unknown as { __checkoutApiKeyUse?: ReturnType<typeof apiKeyUseRecorder> };

/** Notes a use of an API key (last_used_at), at most once a minute per key. */
export const noteApiKeyUse = (db: Db, id: string, now = Date.now()): Promise<boolean> => (holder.__checkoutApiKeyUse ??= apiKeyUseRecorder(60))(db, id, now);
