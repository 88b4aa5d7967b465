import { logger } from "@/lib/core/log/logger";

/**
 * Waits for a shutdown step, but no longer than `ms`, nor past `now` (a second Ctrl-C): a step stuck on a database
 * that is gone (a job's query, a pool that cannot reach the server) must not keep the process alive. Says in the
 * log when it gave up, and tells the caller whether the step finished.
 */
export async function within(step: string, ms: number, work: Promise<unknown> | undefined, now?: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
  const failed = (err: unknown) => {
    logger.warn({ err, step }, "shutdown step failed");
    return "failed" as const;
  };
  const outcome = await Promise.race([Promise.resolve(work).then(() => "done" as const, failed), late, ...(now ? [now.then(() => "cut" as const)] : [])]);
  clearTimeout(timer);
  if (outcome === "late") logger.warn({ step, ms }, "shutdown step did not finish in time; going on without it");
  if (outcome === "cut") logger.warn({ step }, "shutdown step cut short (stop now)");
  return outcome === "done";
}
