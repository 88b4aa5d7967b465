import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process";
import { killGroup } from "@/tools/shared/processes";

// Every process a test file starts ends with the file, pass or fail: after its tests (end-child-processes.ts, a
// setup file), and again when the test process itself exits (a timed-out file's afterAll may never run). Each runs
// in its own process group, so that a `tsx` wrapper's child goes too.
// One set per test process, whether the file evaluates this module again or shares it with earlier files.
const holder = globalThis as { testChildProcesses?: Set<ChildProcess> };
const started = (holder.testChildProcesses ??= watchExit(new Set()));

function watchExit(set: Set<ChildProcess>) {
  process.once("exit", () => set.forEach(killGroup));
  return set;
}

/** Ends every process the file started (end-child-processes.ts calls it after each file). */
export const endChildProcesses = () => started.forEach(killGroup);

/** spawn(), in a process group of its own that is killed when the test file ends. */
export function spawnForTest(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  started.add(child);
  child.once("exit", () => started.delete(child));
  return child;
}
