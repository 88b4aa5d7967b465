import type { WorkerEvents } from "graphile-worker";
import { forgetPools, notePoolAlive } from "@/db/queries/jobs";
import type { Db } from "@/db/client";
import { logger } from "@/lib/core/log/logger";

const HEARTBEAT_MS = 5_000;
/** A pool silent this long is taken for dead (its process killed): its jobs are run again elsewhere. */
export const POOL_SILENT_SECONDS = 30;

/**
 * Notes every 5 s that this process's job pool (graphile-worker's, one per runner) is alive, so that the jobs of
 * one that dies are released within half a minute (by the maintenance job) instead of after
 * JOB_LOCK_STALE_SECONDS. `poolId()` is the id its jobs are locked with; stop() forgets the pool.
 */
export function beatForPool(db: Db, events: WorkerEvents) {
  let poolId: string | null = null;
  const beat = async () => {
    if (poolId) await notePoolAlive(db, poolId).catch((err) => logger.warn({ err }, "could not note the job pool alive"));
  };
  events.on("pool:create", ({ workerPool }) => {
    poolId = workerPool.id;
    void beat();
  });
  const timer = setInterval(beat, HEARTBEAT_MS);
  return {
    poolId: () => poolId,
    async stop() {
      clearInterval(timer);
      if (poolId) await forgetPools(db, { poolId }).catch((err) => logger.warn({ err }, "could not forget the job pool"));
    },
  };
}
