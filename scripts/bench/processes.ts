import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { promisify } from "node:util";

const run = promisify(execFile);
// `node --import tsx file.ts` is what `tsx file.ts` runs, minus tsx's signal-relaying parent process: the pid
// we hold is the script's own, so SIGTERM reaches its handlers directly.
const TSX = ["--import", "tsx"];

/** Runs a TypeScript script to completion and returns its stdout lines. */
export async function runScript(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const { stdout } = await run(process.execPath, [...TSX, file, ...args], { env });
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
