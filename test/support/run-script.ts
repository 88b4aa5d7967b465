import path from "node:path";
import { env } from "@/lib/core/env";
import { runAdmin } from "@/server/admin-commands/run-admin";
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

/**
 * `npm run admin -- <args>`, run in this test process on this file's database: what server/admin.ts does, minus
 * the process (its start costs a second or two of CPU, and the CLI's tests make dozens). A failure that would end
 * the process is reported as it would print it. test/server/admin-cli-commands.test.ts runs the real process too.
 */
export async function runAdminCli(...args: string[]): Promise<ScriptResult> {
  let stdout = "";
  let stderr = "";
  const output = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text) };
  const code = await runAdmin(args, output).catch((error: unknown) => {
    output.stderr(describeFailure(error));
    return 1;
  });
  return { code, stdout, stderr };
}
