// CI runs the files that start no processes niced, in what the end-to-end tests leave idle (TEST_PART=in-process,
// vitest.config.mts, .ci/run). On a slow host those tests get almost no CPU until the browsers finish, so their wall
// time is the scheduler's: there a timeout only guards against a hang, and is ten minutes. The files that start
// processes run beside CI's build (TEST_PART=processes), where a child's start takes several times what it takes
// alone: their timeouts are at least 90 s.
const STARVED = process.env.TEST_PART === "in-process";
const BESIDE_THE_BUILD = process.env.TEST_PART === "processes";

/** A test's or hook's timeout: `ms`, at least 90 s in CI's part that starts processes, ten minutes in its niced part. */
export const timeoutMs = (ms: number): number => (STARVED ? Math.max(ms, 600_000) : BESIDE_THE_BUILD ? Math.max(ms, 90_000) : ms);
