import { logger } from "@/lib/core/log/logger";

/**
 * Waits for a shutdown step, but no longer than `ms`: a step stuck on a database that is gone (a job's query,
 * a pool that cannot reach the server) must not keep the process alive. Says in the log when it gave up.
 */
export async function within(step: string, ms: number, work: Promise<unknown> | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
  const outcome = await Promise.race([Promise.resolve(work).catch((err: unknown) => logger.warn({ err, step }, "shutdown step failed")), late]);
  clearTimeout(timer);
  if (outcome === "late") logger.warn({ step, ms }, "shutdown step did not finish in time; going on without it");
}
