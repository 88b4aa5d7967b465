import { once } from "node:events";
import { expect, it, onTestFinished } from "vitest";
import { env } from "@/lib/env";
import { spawnForTest } from "./support/child-processes";
import { startStallingProxy } from "./support/stalling-proxy";

// `npm run worker` under the tsx command, as a terminal or a process manager runs it: a signal to the process
// group reaches both tsx and the script. The script must stop itself cleanly (exit 0) rather than be SIGKILLed
// by tsx, which is what happened while the script removed every signal listener, tsx's own included.
it.each(["SIGTERM", "SIGINT"] as const)("the worker stops cleanly on %s to its process group", async (signal) => {
  const child = spawnForTest("node_modules/.bin/tsx", ["scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: env.DATABASE_URL, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit");
  await expect.poll(() => output, { timeout: 30_000 }).toContain("worker started");

  process.kill(-child.pid!, signal);
  const [code, killedBy] = await exited;
  expect({ code, killedBy }, output).toEqual({ code: 0, killedBy: null });
  expect(output).not.toContain("Force killing");
}, 60_000);

it("the worker still exits on SIGTERM when its database stops answering", async () => {
  const database = new URL(env.DATABASE_URL!);
  const proxy = await startStallingProxy({ host: database.hostname, port: Number(database.port) });
  onTestFinished(() => proxy.close());
  const viaProxy = new URL(database);
  viaProxy.port = String(proxy.port);
  const child = spawnForTest("node_modules/.bin/tsx", ["scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: viaProxy.toString(), LOG_LEVEL: "info", WEBHOOK_TIMEOUT_SECONDS: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit");
  await expect.poll(() => output, { timeout: 30_000 }).toContain("worker started");

  proxy.stall();
  process.kill(-child.pid!, "SIGTERM");
  const [code] = await exited;
  expect(code, output).toBe(0);
  expect(output).toContain("shutdown step did not finish in time");
}, 90_000);
