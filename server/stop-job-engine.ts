import { env } from "@/lib/core/env";
import type { JobEngine } from "@/lib/jobs/start-worker";
import { within } from "./within";

/**
 * Stops the job engine, waiting as long as a webhook may take (+5 s) and no longer than `now` (a second Ctrl-C).
 * When it is not waited for to the end, it is abandoned: the caller goes on to close the database under it.
 */
export async function stopJobEngine(engine: JobEngine | null, now: Promise<unknown>): Promise<boolean> {
  const done = await within("job engine", (env.WEBHOOK_TIMEOUT_SECONDS + 5) * 1000, engine?.stop(), now);
  if (!done) engine?.abandon();
  return done;
}
