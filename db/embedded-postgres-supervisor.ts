import { findRunningServer } from "./postmaster-process";

/** The two levels the supervisor logs at; the app passes its pino logger. */
export interface SupervisorLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const silent: SupervisorLog = { error: () => {}, warn: () => {} };

const CHECK_EVERY_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * Watches the embedded PostgreSQL this process owns and starts it again, on the same port, whenever it is found
 * dead (killed, crashed, out of memory): the app's pools reconnect by themselves. Failed restarts back off
 * (2, 4, 8… up to 30 s); each step is in the log.
 */
export function superviseEmbeddedPostgres(opts: { clusterDir: string; restart: () => Promise<void>; log?: SupervisorLog }): { stop(): void } {
  const logger = opts.log ?? silent;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(check, ms);
    timer.unref(); // never what keeps the process alive
  };
  async function check() {
    if (stopped) return;
    if (await findRunningServer(opts.clusterDir)) return schedule(CHECK_EVERY_MS);
    if (stopped) return;
    logger.error({ clusterDir: opts.clusterDir, failures }, "embedded PostgreSQL is not running; starting it again");
    try {
      await opts.restart();
      failures = 0;
      logger.warn({ clusterDir: opts.clusterDir }, "embedded PostgreSQL started again");
      schedule(CHECK_EVERY_MS);
    } catch (err) {
      failures++;
      const wait = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** failures);
      logger.error({ err, wait }, "embedded PostgreSQL did not start; trying again later");
      schedule(wait);
    }
  }
  schedule(CHECK_EVERY_MS);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
