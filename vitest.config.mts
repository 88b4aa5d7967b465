import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { timeoutMs } from "./test/support/test-timeouts";
import { WaitingFirstSequencer } from "./test/support/waiting-first-sequencer";

const root = path.dirname(new URL(import.meta.url).pathname);

// Most files share one module graph per worker (isolate: false): the app is imported once per worker rather than once
// per file, which was most of a file's start. test/support/shared-module-graph.ts gives each its own database and
// environment again. A file that changes the environment or mocks a module before it imports the app (lib/core/env.ts and
// some modules read it once, on import) runs in a process of its own instead; this finds them.
const CHANGES_WHAT_IMPORTS_READ =
  /process\.env(\.[A-Za-z_]+|\[[^\]]+\])? *(\?\?|\|\|)?=[^=]|Object\.assign\(process\.env|delete process\.env|vi\.(stubEnv|mock\(|hoisted|resetModules)|ForApp\(/;
// Each test file with its source, read once: both sortings below are by what a file contains.
const testFiles = readdirSync(path.join(root, "test"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts"))
  .map((file) => ({ file: `test/${file}`, source: readFileSync(path.join(root, "test", file), "utf8") }));

// The files that start processes (the worker, the admin CLI, a script, curl) and wait on them against timeouts.
// TEST_PART=processes runs only them, TEST_PART=in-process only the others; unset, every file runs. CI runs the
// first at full priority and the second niced, in what the end-to-end tests leave idle (docs/ci.md): a niced
// parent would starve the children it waits on.
const STARTS_PROCESSES = /spawnForTest\(|runScript\(|execFile\)?\(/;
const part = process.env.TEST_PART;
if (part !== undefined && part !== "processes" && part !== "in-process") throw new Error(`TEST_PART is "processes", "in-process" or unset, not "${part}"`);
const partFiles = testFiles.filter(({ source }) => part === undefined || STARTS_PROCESSES.test(source) === (part === "processes"));
const ownProcessFiles = partFiles.filter(({ source }) => CHANGES_WHAT_IMPORTS_READ.test(source)).map(({ file }) => file);
const sharedFiles = partFiles.filter(({ source }) => !CHANGES_WHAT_IMPORTS_READ.test(source)).map(({ file }) => file);

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // The real package throws outside React Server Components; tests import server modules directly.
      "server-only": path.join(root, "test/support/empty-module.ts"),
    },
  },
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/fresh-database.ts", "test/support/end-child-processes.ts"],
    // PORT 9 (discard): the sandbox's own server callbacks find nobody; tests deliver messages themselves.
    // Webhook retries and job maintenance shortened so the engine's tests end in seconds.
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PORT: "9",
      WEBHOOK_RETRY_SCHEDULE: "0.2,0.4,0.6",
      WEBHOOK_TIMEOUT_SECONDS: "2",
      JOB_LOCK_STALE_SECONDS: "3",
      MAINTENANCE_SECONDS: "1",
      // Tests change configuration and call the API at once; the cache's own test turns it on.
      CONFIG_CACHE_SECONDS: "0",
      // Cheap password hashes (~2 ms, not ~100 ms of CPU each): hundreds of users are made and signed in. The
      // production cost's own test sets it back (test/access/password-hash.test.ts).
      PASSWORD_HASH_COST: "10",
    },
    pool: "forks",
    projects: [
      {
        extends: true,
        test: { name: "shared", include: sharedFiles, isolate: false, setupFiles: ["test/support/shared-module-graph.ts"] },
      },
      { extends: true, test: { name: "own-process", include: ownProcessFiles } },
    ],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The files mostly wait on
    // PostgreSQL, HTTP and child processes, each on its own database, so four at a time finish in less than half
    // the time there.
    maxWorkers: 4,
    sequence: { sequencer: WaitingFirstSequencer },
    testTimeout: timeoutMs(30_000),
    hookTimeout: timeoutMs(120_000),
  },
});
