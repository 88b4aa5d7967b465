import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { startNode } from "../shared/processes";

/** BENCH_FLOOR_PORT moves it off 3302. */
const FLOOR_PORT = process.env.BENCH_FLOOR_PORT ?? "3302";
export const FLOOR_URL = `http://127.0.0.1:${FLOOR_PORT}`;

// Built inside the repository (under .data, ignored by git) so Turbopack finds the same root and node_modules.
const DIR = path.resolve(".data/bench-floor");
const NEXT = require.resolve("next/dist/bin/next");
const env = { ...process.env, NODE_ENV: "production" as const, NEXT_TELEMETRY_DISABLED: "1" };

/** Builds the framework-floor app (tools/bench/floor-app): bare route handlers doing the baseline's SQL. */
export async function buildFloor(skip: boolean): Promise<void> {
  if (skip && existsSync(path.join(DIR, ".next", "BUILD_ID"))) return;
  await fs.rm(DIR, { recursive: true, force: true });
  await fs.cp(path.resolve("tools/bench/floor-app"), DIR, { recursive: true });
  try {
    execFileSync(process.execPath, [NEXT, "build"], { cwd: DIR, env, stdio: ["ignore", process.stderr, process.stderr] });
  } catch {
    throw new Error("Building the framework-floor app failed (its output is above); nothing was measured.");
  }
}

/** Starts the floor app on `databaseUrl` (wait for it with waitForOk). */
export function startFloor(databaseUrl: string): ChildProcess {
  return startNode([NEXT, "start", "--port", FLOOR_PORT, "--hostname", "127.0.0.1"], { ...env, DATABASE_URL: databaseUrl }, "floor", { cwd: DIR });
}
