import { LRUCache } from "lru-cache";
import { listenForNotifications, type Listening } from "@/db/listen-for-notifications";
import { env } from "@/lib/core/env";

// Settings, currencies, gateways and API keys are read on every create but change rarely. Copies are kept only
// while this process is LISTENing for the database's change notices (migration 0003), so a change made anywhere
// (admin panel, CLI, another process) drops them within milliseconds of its commit; the TTL is a backstop.
const CHANNEL = "checkout_config_changed";
const MAX_ENTRIES = 1_000;

interface State {
  entries: LRUCache<string, { value: unknown }>;
  live: boolean;
  /** Bumped by every change notice: a load that began before it must not store what it read. */
  generation: number;
  listening: Listening;
}

// On globalThis: one cache per process even when two bundles (Next's and the server's) load this module.
const holder = globalThis as unknown as { __checkoutConfigCache?: State; __checkoutConfigCacheUrl?: string };

/**
 * The database whose notices a process hears when its DATABASE_URL does not name it: the job engine's, when the
 * launcher started the embedded database after this process read its environment. Without it, its jobs read the
 * configuration from the database every time.
 */
export function hearConfigChangesOn(url: string): void {
  holder.__checkoutConfigCacheUrl ??= url;
}

function state(url: string): State {
  if (holder.__checkoutConfigCache) return holder.__checkoutConfigCache;
  const entries = new LRUCache<string, { value: unknown }>({ max: MAX_ENTRIES, ttl: env.CONFIG_CACHE_SECONDS * 1000 });
  const created: State = {
    entries,
    live: false,
    generation: 0,
    listening: listenForNotifications(url, CHANNEL, {
      onNotify: () => {
        created.generation++;
        entries.clear();
      },
      onListening: (live) => {
        created.generation++;
        created.live = live;
        entries.clear();
      },
    }),
  };
  holder.__checkoutConfigCache = created;
  return created;
}

/**
 * `load()`'s result, remembered under `key` while change notices are being heard. Values are shared between
 * requests: callers must not modify them. `undefined` (nothing found) is never remembered.
 */
export async function cachedConfig<T>(key: string, load: () => Promise<T>): Promise<T> {
  const url = env.DATABASE_URL ?? holder.__checkoutConfigCacheUrl;
  if (env.CONFIG_CACHE_SECONDS === 0 || !url) return load();
  const cache = state(url);
  if (!cache.live) return load();
  const hit = cache.entries.get(key);
  if (hit) return hit.value as T;
  const generation = cache.generation;
  const value = await load();
  if (value !== undefined && cache.live && generation === cache.generation) cache.entries.set(key, { value });
  return value;
}

/** Stops listening and forgets every copy (tests, shutdown). */
export async function stopConfigCache(): Promise<void> {
  const cache = holder.__checkoutConfigCache;
  holder.__checkoutConfigCache = undefined;
  await cache?.listening.stop();
}
