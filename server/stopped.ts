import { logger } from "@/lib/core/log/logger";

/**
 * The last line of a stop, and its exit code: 0 when everything in flight finished, 1 with what had to be cut or
 * failed (a process manager then tells a clean stop from one that lost work).
 */
export function stopped(faults: string[]): number {
  if (faults.length === 0) logger.info({ exitCode: 0 }, "stopped (exit code 0): everything in flight finished");
  else logger.warn({ exitCode: 1, faults }, `stopped (exit code 1): ${faults.join("; ")}`);
  return faults.length === 0 ? 0 : 1;
}

/** What a job engine that was not waited for (a second Ctrl-C, or past its bound) may have cut. */
export const JOBS_CUT = "the job engine was not waited for (its jobs in flight, if any, were cut)";
export const DATABASE_UNCLEAN = "the database did not stop cleanly";
