import { BaseSequencer, type TestSpecification } from "vitest/node";

// test/server's files start real processes (the worker, the admin CLI, PostgreSQL) and mostly wait on them; the
// fuzz file is the longest on its own. Started first, their waits overlap the CPU-bound files instead of trailing
// the run; the rest keep Vitest's order (failed first, then longest, or largest on a first run).
const WAITS = /\/test\/server\/|fuzz\.test\.ts$/;

export class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => WAITS.test(f.moduleId)), ...sorted.filter((f) => !WAITS.test(f.moduleId))];
  }
}
