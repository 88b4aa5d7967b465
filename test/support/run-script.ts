import path from "node:path";
import { env } from "@/lib/env";
import { spawnForTest } from "./child-processes";

const root = path.join(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript script with tsx, the way npm scripts do, against this test file's database. */
export function runScript(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawnForTest(tsx, [script, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: env.DATABASE_URL, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run admin -- <args>`: the admin CLI. */
export const runAdminCli = (...args: string[]) => runScript("scripts/admin.ts", args);
