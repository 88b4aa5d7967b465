import type { WorkerEvents } from "graphile-worker";
import { forgetPools, notePoolAlive } from "@/db/queries/jobs";
import type { Db } from "@/db/client";
import { logger } from "@/lib/log/logger";

const HEARTBEAT_MS = 5_000;
/** A pool silent this long is taken for dead (its process killed): its jobs are run again elsewhere. */
export const POOL_SILENT_SECONDS = 30;

/**
 * Notes every 5 s that this process's job pools are alive, so that the jobs of one that dies are released
 * within half a minute (by the maintenance job) instead of after JOB_LOCK_STALE_SECONDS. stop() forgets them.
 */
export function beatForPools(db: Db, events: WorkerEvents) {
  const pools = new Set<string>();
  const beat = () =>
    Promise.all([...pools].map((id) => notePoolAlive(db, id))).catch((err) => logger.warn({ err }, "could not note the job pool alive"));
  events.on("pool:create", ({ workerPool }) => {
    pools.add(workerPool.id);
    void beat();
  });
  const timer = setInterval(beat, HEARTBEAT_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...pools].map((poolId) => forgetPools(db, { poolId }))).catch((err) => logger.warn({ err }, "could not forget the job pool"));
    },
  };
}
