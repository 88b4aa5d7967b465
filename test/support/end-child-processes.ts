import { afterAll } from "vitest";
import { endChildProcesses } from "./child-processes";

// A setup file (vitest.config.mts): after each test file, the processes it started end with it. Registered after
// fresh-database.ts's hook, so it runs first: nothing of the file still uses its database when that is dropped.
afterAll(endChildProcesses);
