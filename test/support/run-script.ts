import path from "node:path";
import { env } from "@/lib/core/env";
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

/** `npm run admin -- <args>`: the admin CLI. */
export const runAdminCli = (...args: string[]) => runScript("server/admin.ts", args);
