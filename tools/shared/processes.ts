import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process";
import { createInterface } from "node:readline";

// The one child-process helper of the bench, the fault experiments and the tests (test/support imports it).
// `node --import tsx file.ts` is what `tsx file.ts` runs, minus tsx's signal-relaying parent process: the pid
// we hold is the script's own, so SIGTERM reaches its handlers directly.
export const TSX = ["--import", "tsx"];

/** How a child is started: node's spawn, or a wrapper that also tracks it (test/support/child-processes.ts). */
export type Spawn = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  spawn?: Spawn;
}

/** Runs a TypeScript script to completion and returns its exit code and output. */
export function runScript(file: string, args: string[], { env = process.env, cwd, spawn: start = spawn }: RunOptions = {}): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = start(process.execPath, [...TSX, file, ...args], { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a TypeScript script (in `cwd`: another checkout) to completion and returns its stdout lines; throws (with its stderr) when it fails. */
export async function runScriptOrThrow(file: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<string[]> {
  const { code, stdout, stderr } = await runScript(file, args, { env, cwd });
  if (code !== 0) throw new Error(`${file} ${args.join(" ")} exited with code ${code}:\n${stderr.trim().slice(-4000)}`);
  return stdout.trim().split("\n");
}

/**
 * Starts a long-running TypeScript script whose output goes to our stderr, prefixed so it stays readable; lines
 * matching `hide` are left out (a log read by the caller at a finer level than it wants shown).
 */
export function startScript(file: string, args: string[], env: NodeJS.ProcessEnv, label: string, options: StartOptions = {}): ChildProcess {
  return startNode([...TSX, file, ...args], env, label, options);
}

/** `detached`: the child leads a process group of its own, so that it can be killed with all it started. */
interface StartOptions {
  cwd?: string;
  detached?: boolean;
  hide?: RegExp;
}

/** Starts `node <args>` (in `cwd`) whose output goes to our stderr, prefixed so it stays readable. */
export function startNode(args: string[], env: NodeJS.ProcessEnv, label: string, { cwd, detached, hide }: StartOptions = {}): ChildProcess {
  const child = spawn(process.execPath, args, { env, cwd, detached, stdio: ["ignore", "pipe", "pipe"] });
  // Long lines (a JSON log entry with a stack) are cut so the bench's own output stays readable.
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      if (line && !hide?.test(line)) process.stderr.write(`[${label}] ${line.slice(0, 240)}\n`);
    });
  }
  return child;
}

/** SIGTERM, then wait for the exit (SIGKILL after `graceMs`, which should not happen). */
export async function stopProcess(child: ChildProcess, graceMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** SIGKILL to the process group `child` leads (it was started with `detached: true`), if it still runs. */
export function killGroup(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Polls `url` until it answers 200, failing early if `child` exits. */
export async function waitForOk(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The process serving ${url} exited with code ${child.exitCode}.`);
    const ok = await fetch(url).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s.`);
}

const ERROR_LINE = /"level":(50|60)|⨯|unhandled|uncaught/i;

export interface LogEntry {
  level: number;
  time: number;
  msg: string;
}

/**
 * Reads a process's output line by line: every line that looks like an error (error or fatal log entries,
 * Next.js's ⨯, uncaught) goes to `errors`, and each JSON log entry is handed to `onEntry`.
 */
export function watchLog(child: ChildProcess, onEntry?: (entry: LogEntry) => void): { errors: string[] } {
  const errors: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      if (ERROR_LINE.test(line)) errors.push(line);
      if (onEntry && line.startsWith("{")) {
        try {
          onEntry(JSON.parse(line) as LogEntry);
        } catch {
          // not a log entry after all
        }
      }
    });
  }
  return { errors };
}
