import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process";
import { afterAll } from "vitest";
import { killGroup } from "@/tools/shared/processes";

// Every process a test file starts ends with the file, pass or fail: after its tests, and again when the test
// process itself exits (a timed-out file's afterAll may never run). Each runs in its own process group, so that
// a `tsx` wrapper's child goes too.
// One set per test process: each test file evaluates this module again.
const holder = globalThis as { testChildProcesses?: Set<ChildProcess> };
const started = (holder.testChildProcesses ??= watchExit(new Set()));

function watchExit(set: Set<ChildProcess>) {
  process.once("exit", () => set.forEach(killGroup));
  return set;
}

afterAll(() => started.forEach(killGroup));

/** spawn(), in a process group of its own that is killed when the test file ends. */
export function spawnForTest(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  started.add(child);
  child.once("exit", () => started.delete(child));
  return child;
}
