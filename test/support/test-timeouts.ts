// CI runs the files that start no processes niced, in what the end-to-end tests leave idle (TEST_PART=in-process,
// vitest.config.mts, .ci/run). On a slow host those tests get almost no CPU until the browsers finish, so their wall
// time is the scheduler's: there a timeout only guards against a hang, and is ten minutes.
const STARVED = process.env.TEST_PART === "in-process";

/** A test's or hook's timeout: `ms`, or ten minutes in CI's niced part. */
export const timeoutMs = (ms: number): number => (STARVED ? Math.max(ms, 600_000) : ms);
