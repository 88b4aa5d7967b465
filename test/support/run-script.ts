import path from "node:path";
import { env } from "@/lib/core/env";
import type { Command } from "@/server/admin-commands/commands";
import { runAdmin } from "@/server/admin-commands/run-admin";
import { type Output, runCommand } from "@/server/admin-commands/run-command";
import { describeFailure } from "@/server/run-main";
import { runScript as runTsx, type ScriptResult } from "@/tools/shared/processes";
import { spawnForTest } from "./child-processes";

export type { ScriptResult };

const root = path.join(import.meta.dirname, "../..");

/** Runs a TypeScript script (tools/shared/processes.ts) against this test file's database, ended with the file. */
export function runScript(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<ScriptResult> {
  return runTsx(script, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: env.DATABASE_URL, ...extraEnv },
    spawn: spawnForTest,
  });
}

/** What a command run in this test process printed and returned; a failure that would end the process, as it would print it. */
async function runHere(run: (output: Output) => Promise<number>): Promise<ScriptResult> {
  let stdout = "";
  let stderr = "";
  const output = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text) };
  const code = await run(output).catch((error: unknown) => {
    output.stderr(describeFailure(error));
    return 1;
  });
  return { code, stdout, stderr };
}

/**
 * `npm run admin -- <args>`, run in this test process on this file's database: what server/admin.ts does, minus
 * the process (its start costs a second or two of CPU, and the CLI's tests make dozens).
 * test/server/admin-cli-commands.test.ts runs the real process too.
 */
export const runAdminCli = (...args: string[]): Promise<ScriptResult> => runHere((output) => runAdmin(args, output));

/** A command of a script's own (`npm run seed:bench`, …), run as its script runs it, in this test process. */
export const runCommandHere = (command: Command, args: string[], usagePrefix: string): Promise<ScriptResult> =>
  runHere((output) => runCommand(command, args, usagePrefix, output));
