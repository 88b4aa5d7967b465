import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, expect, it } from "vitest";
import { env } from "@/lib/env";

// `npm run worker` under the tsx command, as a terminal or a process manager runs it: a signal to the process
// group reaches both tsx and the script. The script must stop itself cleanly (exit 0) rather than be SIGKILLed
// by tsx, which is what happened while the script removed every signal listener, tsx's own included.
const children: number[] = [];
afterAll(() => {
  for (const pid of children) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

it.each(["SIGTERM", "SIGINT"] as const)("the worker stops cleanly on %s to its process group", async (signal) => {
  const child = spawn("node_modules/.bin/tsx", ["scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: env.DATABASE_URL, LOG_LEVEL: "info" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child.pid!);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit");
  await expect.poll(() => output, { timeout: 30_000 }).toContain("worker started");

  process.kill(-child.pid!, signal);
  const [code, killedBy] = await exited;
  expect({ code, killedBy }, output).toEqual({ code: 0, killedBy: null });
  expect(output).not.toContain("Force killing");
}, 60_000);
