import { stopSignals } from "./stop-signals";

// Imported first by server/serve.ts, so that a signal during its start-up is heard: loading the launcher's other
// modules takes a second or two, and a Ctrl-C then was lost. (Libraries loaded after this may add listeners of
// their own: serve.ts calls claim() once they are loaded.)
export const signals = stopSignals();
